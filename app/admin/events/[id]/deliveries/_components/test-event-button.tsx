"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Button } from "@/components/ui/button";
import { callApi, isApiError } from "@/lib/client/api";

type Queued = { delivery: { id: number } };

/** Sends the endpoint a test event, then watches its delivery on this page until the answer lands. */
export function TestEventButton({ endpointId }: { endpointId: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const send = useMutation({
    mutationFn: () => callApi<Queued>(`/api/admin/event-endpoints/${endpointId}/test`, { json: {} }),
    onSuccess: ({ delivery }) => router.push(`/admin/events/${endpointId}/deliveries?sent=${delivery.id}`),
  });
  const error = send.error;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" busy={send.isPending} onClick={() => send.mutate()}>
        {t("admin.deliveries.test.button")}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {t(
            isApiError(error, "INVALID_STATE")
              ? "admin.deliveries.test.off"
              : isApiError(error, "RATE_LIMITED")
                ? "admin.deliveries.test.limited"
                : "admin.deliveries.test.failed",
          )}
        </p>
      ) : null}
    </div>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Button } from "@/components/ui/button";
import { callApi, isApiError } from "@/lib/client/api";

/**
 * "Resend" of one delivery (admins): queued again under the same event id. `watchHref` (the endpoint's log) is
 * opened with the delivery watched until its answer lands; without it the page is refreshed.
 */
export function ResendDeliveryButton({ id, eventId, watchHref }: { id: number; eventId: string; watchHref?: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const resend = useMutation({
    mutationFn: () => callApi(`/api/admin/event-deliveries/${id}/resend`, { json: {} }),
    onSuccess: () => (watchHref ? router.push(watchHref) : router.refresh()),
  });
  const error = resend.error;
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" className="px-3 text-sm" busy={resend.isPending} onClick={() => resend.mutate()}>
        {t("admin.deliveries.resend")}
        <span className="sr-only"> {t("admin.deliveries.resendHidden", { event: eventId })}</span>
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {t(
            isApiError(error, "INVALID_STATE")
              ? "admin.deliveries.resendBusy"
              : isApiError(error, "RATE_LIMITED")
                ? "admin.deliveries.resendLimited"
                : "admin.deliveries.resendFailed",
          )}
        </p>
      ) : null}
    </div>
  );
}

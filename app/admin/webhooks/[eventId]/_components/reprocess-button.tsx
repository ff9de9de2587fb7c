"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmPanel } from "@/components/admin/confirm-panel";
import { useMessage } from "@/components/admin/use-message";
import { asApiError, callApi } from "@/lib/client/api";

/**
 * Reprocess a poisoned or parked event, asked twice; the outcome is announced and the page reloads its data. It
 * stays mounted once the event has moved on (`available` false), so the announcement survives the reload.
 */
export function ReprocessButton({ eventId, available }: { eventId: string; available: boolean }) {
  const t = useMessage();
  const router = useRouter();
  const k = (key: string) => t(`admin.ops.event.reprocess.${key}`);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);

  const reprocess = useMutation({
    mutationFn: () => callApi<{ state: "pending" }>(`/api/admin/webhooks/${encodeURIComponent(eventId)}/reprocess`, { json: {} }),
    onSuccess: () => {
      setOpen(false);
      setDone(true);
      router.refresh();
    },
  });
  const busy = reprocess.isPending;
  const error = reprocess.error ? asApiError(reprocess.error).message : null;

  const status = (
    <p role="status" className="mt-2 text-sm font-semibold">
      {done ? k("done") : ""}
    </p>
  );
  if (!available) return status;
  return (
    <div>
      <ConfirmPanel
        say={k}
        open={open}
        onOpenChange={setOpen}
        onConfirm={() => reprocess.mutate()}
        busy={busy}
        error={error}
        variant="primary"
        className="max-w-prose"
      />
      {status}
    </div>
  );
}

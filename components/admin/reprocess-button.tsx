"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { send } from "@/components/admin/send";
import { useMessage } from "@/components/admin/use-message";
import { ConfirmPanel } from "@/components/admin/confirm-panel";

/**
 * Reprocess a poisoned or parked event, asked twice; the outcome is announced and the page reloads its data. It
 * stays mounted once the event has moved on (`available` false), so the announcement survives the reload.
 */
export function ReprocessButton({ eventId, available }: { eventId: string; available: boolean }) {
  const t = useMessage();
  const router = useRouter();
  const k = (key: string) => t(`admin.ops.event.reprocess.${key}`);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const answer = await send<{ state: string }>(`/api/admin/webhooks/${encodeURIComponent(eventId)}/reprocess`, { json: {} });
    setBusy(false);
    if (!answer.ok) return setError(answer.error.message);
    setOpen(false);
    setDone(true);
    router.refresh();
  };

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
        onConfirm={confirm}
        busy={busy}
        error={error}
        variant="primary"
        className="max-w-prose"
      />
      {status}
    </div>
  );
}

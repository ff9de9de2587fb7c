"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { send } from "@/components/admin/send";
import { useMessage } from "@/components/admin/use-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * Reprocess a poisoned or parked event, asked twice; the outcome is announced and the page reloads its data. It
 * stays mounted once the event has moved on (`available` false), so the announcement survives the reload.
 */
export function ReprocessButton({ eventId, available }: { eventId: string; available: boolean }) {
  const t = useMessage();
  const router = useRouter();
  const id = useId();
  const k = (key: string) => t(`admin.ops.event.reprocess.${key}`);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

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
      <p id={`${id}-hint`} className="max-w-prose text-sm text-fg-muted">
        {k("hint")}
      </p>
      {!open ? (
        <Button className="mt-2" onClick={() => setOpen(true)} aria-describedby={`${id}-hint`}>
          {k("button")}
        </Button>
      ) : (
        <div
          ref={panel}
          tabIndex={-1}
          role="group"
          aria-labelledby={`${id}-title`}
          className="mt-2 max-w-prose rounded-control border-2 border-border-strong p-4"
        >
          <p id={`${id}-title`} className="font-semibold">
            {k("confirmTitle")}
          </p>
          <p className="mt-1 text-sm">{k("confirmBody")}</p>
          {error ? (
            <Alert tone="error" title={k("errorTitle")} className="mt-3">
              {error}
            </Alert>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-3">
            <Button onClick={() => void confirm()} busy={busy} disabled={busy}>
              {busy ? k("busy") : k("confirm")}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              {k("cancel")}
            </Button>
          </div>
        </div>
      )}
      {status}
    </div>
  );
}

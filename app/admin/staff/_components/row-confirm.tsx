"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";

type Props = {
  /** The question, naming the account ("Disable ada@example.com? …"). */
  text: string;
  confirm: string;
  cancel: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  /** Called on Cancel; the caller gives the focus back to the button that asked. */
  onCancel: () => void;
};

/** A risky change to a staff account asked for twice, in the page like every other risky action (no browser dialog). */
export function RowConfirm({ text, confirm, cancel, danger = false, busy, onConfirm, onCancel }: Props) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-text`}
      className="rounded-control border-2 border-border-strong p-3"
    >
      <p id={`${id}-text`} className="max-w-prose text-sm">
        {text}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant={danger ? "danger" : "primary"} className="px-3 text-sm" busy={busy} disabled={busy} onClick={onConfirm}>
          {confirm}
        </Button>
        <Button variant="secondary" className="px-3 text-sm" disabled={busy} onClick={onCancel}>
          {cancel}
        </Button>
      </div>
    </div>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { send, type ActionError } from "@/components/admin/send";
import { useMessage } from "@/components/admin/use-message";
import { Button, type ButtonVariant } from "@/components/ui/button";

type Answer = {
  run?: { error: string | null };
  state?: string;
  fixed?: number;
  failed?: number;
};
type Props = { endpoint: string; kind: "run" | "fix" | "fixAll"; label: string; hiddenLabel?: string; variant?: ButtonVariant };

/** A reconciliation button (run, fix one, fix all): busy while it works, then what happened, and the page refreshed. */
export function ReconAction({ endpoint, kind, label, hiddenLabel, variant = "secondary" }: Props) {
  const t = useMessage();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const describe = (data: Answer): { text: string; error: boolean } => {
    if (kind === "run") {
      const error = data.run?.error;
      return error
        ? { text: t("admin.recon.recon.runFailed", { error }), error: true }
        : { text: t("admin.recon.recon.ran"), error: false };
    }
    if (kind === "fix") return { text: t("admin.recon.recon.fixedOne", { state: t(`admin.states.${data.state ?? ""}`) }), error: false };
    return { text: t("admin.recon.recon.fixedAll", { fixed: String(data.fixed ?? 0), failed: String(data.failed ?? 0) }), error: false };
  };
  const failure = (error: ActionError) =>
    error.code === "UPSTREAM_UNAVAILABLE" || error.code === "UPSTREAM_ERROR" || error.code === "NETWORK"
      ? t("admin.recon.recon.issuerDown")
      : error.code === "INVALID_STATE" && kind === "run"
        ? t("admin.recon.recon.busy")
        : error.message;

  const onClick = async () => {
    setBusy(true);
    setMessage(null);
    const answer = await send<Answer>(endpoint);
    setBusy(false);
    setMessage(answer.ok ? describe(answer.data) : { text: failure(answer.error), error: true });
    if (answer.ok) router.refresh();
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant={variant} busy={busy} onClick={() => void onClick()} aria-label={hiddenLabel}>
        {busy && kind === "run" ? t("admin.recon.recon.running") : label}
      </Button>
      <span role="status" className={message?.error ? "text-sm font-semibold text-danger" : "text-sm"}>
        {message?.text ?? ""}
      </span>
    </div>
  );
}

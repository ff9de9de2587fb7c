"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useMessage } from "@/components/admin/use-message";
import { Button, type ButtonVariant } from "@/components/ui/button";
import type { fixAllByStaff, fixByStaff, runByStaff } from "@/lib/admin/ops/reconciliation";
import { asApiError, callApi, type AnswerOf, type ApiError } from "@/lib/client/api";

/** What each kind's route answers (runs, findings/[id]/fix, runs/[id]/fix). */
type Answer = Partial<AnswerOf<typeof runByStaff> & AnswerOf<typeof fixByStaff> & AnswerOf<typeof fixAllByStaff>>;
type Props = { endpoint: string; kind: "run" | "fix" | "fixAll"; label: string; hiddenLabel?: string; variant?: ButtonVariant };

/** A reconciliation button (run, fix one, fix all): busy while it works, then what happened, and the page refreshed. */
export function ReconAction({ endpoint, kind, label, hiddenLabel, variant = "secondary" }: Props) {
  const t = useMessage();
  const router = useRouter();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const describe = (data: Answer): { text: string; error: boolean } => {
    if (kind === "run") {
      const error = data.run?.error;
      return error
        ? { text: t("admin.recon.recon.runFailed", { error }), error: true }
        : { text: t(data.run?.partial ? "admin.recon.recon.ranPartial" : "admin.recon.recon.ran"), error: false };
    }
    if (kind === "fix") return { text: t("admin.recon.recon.fixedOne", { state: t(`admin.states.${data.state ?? ""}`) }), error: false };
    return { text: t("admin.recon.recon.fixedAll", { fixed: String(data.fixed ?? 0), failed: String(data.failed ?? 0) }), error: false };
  };
  const failure = (error: ApiError) =>
    error.code === "UPSTREAM_UNAVAILABLE" || error.code === "UPSTREAM_ERROR" || error.code === "NETWORK"
      ? t("admin.recon.recon.issuerDown")
      : error.code === "INVALID_STATE" && kind === "run"
        ? t("admin.recon.recon.busy")
        : error.message;

  const action = useMutation({
    mutationFn: () => callApi<Answer>(endpoint, { json: {} }),
    onSuccess: (answer) => {
      setMessage(describe(answer));
      router.refresh();
    },
    onError: (error) => setMessage({ text: failure(asApiError(error)), error: true }),
  });
  const busy = action.isPending;
  const onClick = () => {
    setMessage(null);
    action.mutate();
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

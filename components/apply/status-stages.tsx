"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { cn } from "@/lib/utils";

export type StageName = "draft" | "submitted" | "verifying" | "approving" | "issuing" | "issued" | "rejected" | "failed";
const ORDER = ["submitted", "verifying", "approving", "issuing", "issued"] as const;
const LABEL = {
  submitted: "apply.status.stageSubmitted",
  verifying: "apply.status.stageVerifying",
  approving: "apply.status.stageApproving",
  issuing: "apply.status.stageIssuing",
  issued: "apply.status.stageIssued",
} as const;

/** The stages of an application with done / in progress / waiting; Simplified products skip the identity check. */
export function StatusStages({ stage, needsKyc }: { stage: StageName; needsKyc: boolean }) {
  const { t } = useI18n();
  const stages = ORDER.filter((s) => needsKyc || s !== "verifying");
  // A rejection stops at the identity check; a failure at the stage it reached (shown as the last done one).
  const at = stage === "rejected" ? stages.indexOf("verifying") : stage === "failed" || stage === "draft" ? -1 : stages.indexOf(stage);
  return (
    <ol aria-label={t("apply.status.stagesLabel")} className="flex flex-col gap-3">
      {stages.map((s, i) => {
        const state = stage === "issued" || i < at ? "done" : i === at ? "current" : "waiting";
        return (
          <li key={s} aria-current={state === "current" ? "step" : undefined} className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className={cn(
                "flex size-8 shrink-0 items-center justify-center rounded-full border-2 font-semibold",
                state === "done" && "border-success bg-success text-surface",
                state === "current" && "border-brand text-brand",
                state === "waiting" && "border-border-strong text-fg-muted",
              )}
            >
              {state === "done" ? "✓" : state === "current" ? "…" : i + 1}
            </span>
            <span className={cn(state === "current" && "font-semibold", state === "waiting" && "text-fg-muted")}>
              {t(LABEL[s])}
              <span className="sr-only">
                {" "}
                (
                {state === "done" ? t("apply.status.done") : state === "current" ? t("apply.status.inProgress") : t("apply.status.waiting")}
                )
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

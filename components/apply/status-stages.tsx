"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { stagesFor, type ProgressStage, type Stage } from "@/lib/applications/stages";
import { cn } from "@/lib/utils";

const LABEL = {
  submitted: "apply.status.stageSubmitted",
  verifying: "apply.status.stageVerifying",
  approving: "apply.status.stageApproving",
  issuing: "apply.status.stageIssuing",
  issued: "apply.status.stageIssued",
} as const;
type Shown = "done" | "current" | "failed" | "waiting" | "notReached";
const MARK: Record<Shown, (i: number) => string> = {
  done: () => "✓",
  current: () => "…",
  failed: () => "✕",
  waiting: (i) => String(i + 1),
  notReached: () => "–",
};
const SAY = {
  done: "apply.status.done",
  current: "apply.status.inProgress",
  failed: "apply.status.stageFailed",
  waiting: "apply.status.waiting",
  notReached: "applyReview.status.notReached",
} as const;

/**
 * The stages of an application: done, in progress, waiting, or failed where a rejection or refusal stopped it
 * (`stoppedAt`, from the server's view); Simplified products skip the identity check.
 */
export function StatusStages({ stage, needsKyc, stoppedAt }: { stage: Stage; needsKyc: boolean; stoppedAt: ProgressStage | null }) {
  const { t } = useI18n();
  const stages = stagesFor(needsKyc);
  const ended = stage === "rejected" || stage === "failed";
  const at = ended ? stages.indexOf(stoppedAt ?? "submitted") : stage === "draft" ? -1 : stages.indexOf(stage);
  return (
    <ol aria-label={t("apply.status.stagesLabel")} className="flex flex-col gap-3">
      {stages.map((s, i) => {
        // After a stop nothing is waiting any more: the later stages will not happen.
        const shown: Shown =
          stage === "issued" || i < at ? "done" : i === at ? (ended ? "failed" : "current") : ended ? "notReached" : "waiting";
        return (
          <li key={s} aria-current={shown === "current" || shown === "failed" ? "step" : undefined} className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className={cn(
                "flex size-8 shrink-0 items-center justify-center rounded-full border-2 font-semibold",
                shown === "done" && "border-success bg-success text-surface",
                shown === "current" && "border-brand text-brand",
                shown === "failed" && "border-danger bg-danger text-surface",
                shown === "waiting" && "border-border-strong text-fg-muted",
                shown === "notReached" && "border-dashed border-border-strong text-fg-muted",
              )}
            >
              {MARK[shown](i)}
            </span>
            <span
              className={cn(
                (shown === "current" || shown === "failed") && "font-semibold",
                (shown === "waiting" || shown === "notReached") && "text-fg-muted",
              )}
            >
              {t(LABEL[s])}
              {/* A stop is said in words, not by colour alone; other states are plain to see from the mark. */}
              <span className={shown === "failed" ? "font-normal" : "sr-only"}> ({t(SAY[shown])})</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

import { AttentionForm } from "@/app/admin/applications/[id]/_components/attention-form";
import { Card, CardTitle } from "@/components/ui/card";
import { ATTENTION_REASONS } from "@/lib/admin/case/attention";
import type { CaseData } from "@/lib/admin/case/load";
import type { Translate } from "@/lib/i18n/translate";

/**
 * The "needs attention" card: on the pile, agents and admins resolve it (or snooze it); set aside, it says how
 * and until when. Nothing shows when no reason applies.
 */
export function AttentionCard({ data, canWork, t, when }: { data: CaseData; canWork: boolean; t: Translate; when: Intl.DateTimeFormat }) {
  const a = data.attention;
  if (!a?.reason) return null;
  const setAside = !a.needed && a.resolvedAt && a.resolvedReason ? { at: a.resolvedAt, reason: a.resolvedReason } : null;
  return (
    <Card className="p-5" aria-labelledby="case-attention">
      <CardTitle>
        <span id="case-attention">{t("admin.case.attention.heading")}</span>
      </CardTitle>
      <div className="mt-3 flex flex-col gap-3">
        {setAside ? (
          <p data-testid="attention-status">
            {t("admin.case.attention.resolved", {
              reason: t(`admin.case.attention.reasons.${setAside.reason}`),
              time: when.format(setAside.at),
            })}
            {a.snoozedUntil ? ` ${t("admin.case.attention.snoozedUntil", { time: when.format(a.snoozedUntil) })}` : ""}
          </p>
        ) : (
          <p data-testid="attention-status">{t("admin.case.attention.needed")}</p>
        )}
        <p className="text-sm text-fg-muted">{t("admin.case.attention.comesBack")}</p>
        {canWork && !setAside ? (
          <AttentionForm
            applicationId={data.app.id}
            reasons={ATTENTION_REASONS.map((r) => ({ value: r, label: t(`admin.case.attention.reasons.${r}`) }))}
            texts={{
              reason: t("admin.case.attention.reason"),
              reasonMissing: t("admin.case.attention.reasonMissing"),
              note: t("admin.case.attention.note"),
              noteHint: t("admin.case.attention.noteHint"),
              snooze: t("admin.case.attention.snooze"),
              snoozeHint: t("admin.case.attention.snoozeHint", { zone: when.resolvedOptions().timeZone }),
              submit: t("admin.case.attention.submit"),
              optional: t("admin.case.attention.optional"),
              errorTitle: t("admin.case.attention.errorTitle"),
              failed: t("admin.case.assignment.failed"),
            }}
          />
        ) : null}
      </div>
    </Card>
  );
}

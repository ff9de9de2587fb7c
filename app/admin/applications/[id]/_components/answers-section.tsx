import { RevealButton } from "@/app/admin/applications/[id]/_components/reveal-button";
import { labelOf } from "@/components/apply/field-ids";
import { Alert } from "@/components/ui/alert";
import { SummaryList, type SummaryRow } from "@/components/ui/summary-list";
import type { CaseData } from "@/lib/admin/case/load";
import { displayAnswer, reviewItems } from "@/lib/applications/answers";
import type { Locale } from "@/lib/i18n/config";
import { translateKey } from "@/lib/i18n/form-texts";
import type { Translate } from "@/lib/i18n/translate";
import { isPlainObject } from "@/lib/dotted-paths";
import { isSensitive } from "@/lib/requirements/sensitive";

type Props = { data: CaseData; canReveal: boolean; t: Translate; locale: Locale };

/** Leaves of the stored answers as dotted paths, when the card's form plan cannot be read. */
function leaves(tree: Record<string, unknown>, prefix = ""): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]): Array<[string, string]> =>
    isPlainObject(v) ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, Array.isArray(v) ? v.join(", ") : String(v ?? "")]],
  );
}

/** The answers in the steps and groups the applicant saw, formatted as on their check-answers page; identity values masked. */
export function AnswersSection({ data, canReveal, t, locale }: Props) {
  const { steps, groups, draft } = data.answers;
  const label = (key: { labelKey: string; fallbackLabel?: string }) => labelOf((k, fb) => translateKey(locale, k, fb), key);
  if (!steps) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="warning">{t("admin.case.answers.noPlan")}</Alert>
        <SummaryList rows={leaves(draft).map(([path, value]) => ({ key: path, label: path, value }))} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {steps.map((step) => {
        const rows = reviewItems(step.fields, groups, draft).map((item): SummaryRow => {
          if (item.kind === "group") {
            return { key: item.group.path, label: translateKey(locale, item.group.labelKey, item.group.fallbackLabel), value: "" };
          }
          const name = label(item.field);
          const shown = displayAnswer(item.field, draft, data.documents, locale);
          const value =
            canReveal && shown && isSensitive(item.field.path) ? (
              <RevealButton
                applicationId={data.app.id}
                path={item.field.path}
                masked={shown}
                texts={{
                  reveal: t("admin.case.answers.reveal"),
                  hide: t("admin.case.answers.hide"),
                  hiddenText: t("admin.case.answers.revealHidden", { label: name }),
                  failed: t("admin.case.answers.revealFailed"),
                }}
              />
            ) : (
              shown
            );
          return { key: item.field.path, label: name, value };
        });
        return (
          <section key={step.id} aria-labelledby={`answers-${step.id}`}>
            <h3 id={`answers-${step.id}`} className="text-lg font-semibold">
              {t(`apply.steps.${step.id}`)}
            </h3>
            <SummaryList className="mt-2" rows={rows} />
          </section>
        );
      })}
    </div>
  );
}

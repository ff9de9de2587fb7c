import { labelOf } from "@/components/apply/field-ids";
import { SummaryList, type SummaryRow } from "@/components/ui/summary-list";
import { displayAnswer } from "@/lib/applications/answers";
import type { ApplicationView } from "@/lib/applications/view";
import { sameAsBillingPath } from "@/lib/applications/same-address";
import { fullName, phoneNumber, postalLines } from "@/lib/applications/review-format";
import { isAddressGroup, reviewSections, type ReviewRow } from "@/lib/applications/review-sections";
import type { Locale } from "@/lib/i18n/config";
import { translateKey } from "@/lib/i18n/form-texts";
import type { Translate } from "@/lib/i18n/translate";
import type { PlanField, PlanGroup, PlanStep } from "@/lib/requirements/types";

type Doc = Pick<ApplicationView["documents"][number], "fileId" | "fileName" | "size">;
type Props = {
  t: Translate;
  locale: Locale;
  /** The locale of dates (the browser's region, lib/i18n/date-locale.ts). */
  dateLocale: string;
  step: PlanStep;
  groups: PlanGroup[];
  answers: Record<string, unknown>;
  documents: Doc[];
  /** Where the answer at a path is changed. */
  changeHref: (path: string) => string;
};

/**
 * One step of the applicant's check-answers page, before sending: its heading, then each object under a heading of
 * its own, one row per answer, every value whole.
 */
export function ReviewAnswers({ t, locale, dateLocale, step, groups, answers, documents, changeHref }: Props) {
  const label = (item: { labelKey: string; fallbackLabel?: string }) => labelOf((k, fb) => translateKey(locale, k, fb), item);
  const notGiven = t("applyReview.review.notGiven");

  function rowOf(row: ReviewRow, titledGroup: PlanGroup | undefined): SummaryRow {
    // Every Change link names what it changes, with the address it belongs to when a step has several.
    const link = (path: string, hidden: string) => ({
      href: changeHref(path),
      changeLabel: t("apply.review.change"),
      changeHiddenText: hidden,
    });
    switch (row.kind) {
      case "name":
        return {
          key: "name",
          label: t("applyReview.review.name"),
          value: fullName(answers, row.given, row.family, locale) || notGiven,
          ...link(row.given.path, t("applyReview.review.name")),
        };
      case "phone":
        return {
          key: "phone",
          label: t("applyReview.review.phone"),
          value: phoneNumber(answers, row.code, row.number) || notGiven,
          ...link(row.code.path, t("applyReview.review.phone")),
        };
      case "notGiven":
        return {
          key: row.group.path,
          label: isAddressGroup(row.group.path) ? t("applyReview.review.address") : label(row.group),
          value: notGiven,
          ...link(row.first.path, label(row.group)),
        };
      case "sameAsBilling":
        return {
          key: row.group.path,
          label: t("applyReview.review.address"),
          value: t("applyReview.review.sameAsBilling"),
          ...link(sameAsBillingPath(row.group.path), label(row.group)),
        };
      case "address": {
        const lines = postalLines(answers, row.fields, locale);
        const first = row.fields[0] as PlanField;
        const value =
          lines.length > 0
            ? lines.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))
            : notGiven;
        return { key: row.group.path, label: t("applyReview.review.address"), value, ...link(first.path, label(row.group)) };
      }
      case "field": {
        const name = label(row.field);
        const hidden = titledGroup ? t("applyReview.review.fieldIn", { field: name, group: label(titledGroup) }) : name;
        return {
          key: row.field.path,
          label: name,
          value: displayAnswer(row.field, answers, documents, locale, { whole: true, dateLocale }) || notGiven,
          ...link(row.field.path, hidden),
        };
      }
    }
  }

  const sections = reviewSections(step.fields, groups, answers);
  return (
    <section aria-labelledby={`review-${step.id}`} className="flex flex-col gap-3">
      <h2 id={`review-${step.id}`} className="text-xl font-semibold">
        {t(`apply.steps.${step.id}`)}
      </h2>
      {sections.map((section) => (
        <div key={section.key} className="flex flex-col gap-2">
          {section.titled && section.group ? <h3 className="text-lg font-semibold">{label(section.group)}</h3> : null}
          <SummaryList rows={section.rows.map((row) => rowOf(row, section.titled ? section.group : undefined))} />
        </div>
      ))}
    </section>
  );
}

"use client";

import type { FieldValues } from "react-hook-form";
import { useI18n } from "@/components/i18n/i18n-provider";
import { labelOf } from "@/components/apply/field-ids";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { countryName } from "@/lib/i18n/countries";
import type { Locale } from "@/lib/i18n/config";
import { valueAt } from "@/lib/dotted-paths";
import type { PlanField } from "@/lib/requirements/types";

type Props = {
  /** What this tab had typed when its save was refused. */
  typed: FieldValues;
  /** The answers saved meanwhile (in another tab), now shown in the boxes. */
  saved: FieldValues;
  fields: PlanField[];
  onPutBack: (answers: Array<[string, unknown]>) => void;
};

const same = (a: unknown, b: unknown) => String(a ?? "") === String(b ?? "");

/** A typed answer in words: a country's or an option's name, else as typed (the catalogs' formatters stay out of this bundle). */
function typedText(field: PlanField, value: unknown, locale: Locale, textOf: (key: string) => string): string {
  const text = value === undefined || value === null ? "" : String(value);
  if (!text) return "";
  if (field.input === "country") return countryName(text, locale);
  const option = field.options?.find((o) => o.value === text);
  return option ? textOf(option.labelKey) : text;
}

/**
 * Another tab saved this step first: the boxes show the saved answers, and this says which of this tab's answers
 * differ, with one action to put them back (then Save decides). Nothing is overwritten without the person seeing it.
 */
export function DraftChanged({ typed, saved, fields, onPutBack }: Props) {
  const { t, locale, textOf } = useI18n();
  const differing = fields.filter((f) => f.input !== "file" && !same(valueAt(typed, f.path), valueAt(saved, f.path)));
  return (
    <Alert tone="warning" title={t("apply.flow.draftChangedHeading")}>
      <div className="flex flex-col gap-3">
        <p>{t("apply.flow.draftChanged")}</p>
        {differing.length > 0 ? (
          <>
            <p>{t("apply.flow.draftChangedTyped")}</p>
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
              {differing.map((f) => (
                <div key={f.path} className="contents">
                  <dt className="font-semibold">{labelOf(textOf, f)}</dt>
                  <dd className="break-words">
                    {typedText(f, valueAt(typed, f.path), locale, textOf) || t("applyReview.review.notGiven")}
                  </dd>
                </div>
              ))}
            </dl>
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => onPutBack(differing.map((f) => [f.path, valueAt(typed, f.path)]))}
            >
              {t("apply.flow.draftChangedPutBack")}
            </Button>
          </>
        ) : null}
      </div>
    </Alert>
  );
}

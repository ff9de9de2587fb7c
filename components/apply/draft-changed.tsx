"use client";

import type { FieldValues } from "react-hook-form";
import { useI18n } from "@/components/i18n/i18n-provider";
import { labelOf } from "@/components/apply/field-ids";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { displayAnswer } from "@/lib/applications/answers";
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
                    {displayAnswer(f, typed, [], locale, { whole: true }) || t("applyReview.review.notGiven")}
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

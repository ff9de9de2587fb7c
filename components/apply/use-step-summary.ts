"use client";

import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useI18n } from "@/components/i18n/i18n-provider";
import { dateOrder, fieldDomId, labelOf } from "@/components/apply/field-ids";
import { useFieldMessage } from "@/components/apply/message-text";
import { datePartId } from "@/components/ui/date-field";
import { dateErrorPart } from "@/lib/requirements/dates";
import type { PlanField } from "@/lib/requirements/types";

/** The error summary's lines for the fields shown: each the field's own message, linked to the box at fault. */
export function useStepSummary(
  visible: PlanField[],
  errorOf: (path: string) => string | undefined,
  form: UseFormReturn<FieldValues>,
): { fieldId: string; message: string }[] {
  const { locale, textOf } = useI18n();
  const fieldMessage = useFieldMessage();
  const colon = locale === "zh-CN" ? "：" : ": ";

  // A date's link goes to the box with the problem (the first box when the whole date is wrong).
  function summaryTarget(f: PlanField, key: string) {
    if (f.input !== "date") return fieldDomId(f.path);
    const value: unknown = form.getValues(f.path);
    const order = dateOrder(locale);
    return datePartId(fieldDomId(f.path), dateErrorPart(key, typeof value === "string" ? value : "") ?? order[0], order);
  }

  return visible.flatMap((f) => {
    const key = errorOf(f.path);
    if (!key) return [];
    // GOV.UK: the summary says what the field says; a message that does not name its field gets the label first.
    const { text, named } = fieldMessage(f, key);
    return [{ fieldId: summaryTarget(f, key), message: named ? text : `${labelOf(textOf, f)}${colon}${text}` }];
  });
}

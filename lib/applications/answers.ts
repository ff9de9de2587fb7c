import { valueAt } from "@/lib/dotted-paths";
import { isSensitive, maskValue } from "@/lib/requirements/sensitive";
import { countryName } from "@/lib/i18n/countries";
import { formatInternational } from "@/lib/requirements/phone";
import { translateKey } from "@/lib/i18n/form-texts";
import type { Locale } from "@/lib/i18n/config";
import type { PlanField, PlanGroup } from "@/lib/requirements/types";

type Doc = { fileId: string; fileName: string; size: number };

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * How an answer reads: country names, option labels, document names, local dates. Identity values show their last
 * 4 and a birth date its year, except with `whole`: the applicant's own review before sending, where a wrong birth
 * date (a common cause of a failed identity check) must be seen to be caught.
 */
export function displayAnswer(
  field: PlanField,
  draft: Record<string, unknown>,
  documents: Doc[],
  locale: Locale,
  { whole = false, dateLocale = locale }: { whole?: boolean; dateLocale?: string } = {},
): string {
  const value = valueAt(draft, field.path);
  if (value === undefined || value === null || value === "") return "";
  if (isSensitive(field.path) && !whole) return maskValue(field.path, value);
  if (field.input === "file") {
    const doc = documents.find((d) => d.fileId === value);
    return doc ? `${doc.fileName} (${formatSize(doc.size)})` : "";
  }
  if (field.input === "country") return countryName(String(value), locale);
  const areaCode = valueAt(draft, "area_code");
  if (field.path === "mobile_number" && typeof areaCode === "string") return formatInternational(areaCode, String(value));
  const option = field.options?.find((o) => o.value === String(value));
  if (option) return translateKey(locale, option.labelKey);
  if (field.input === "date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Intl.DateTimeFormat(dateLocale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`));
  }
  return String(value);
}

export type ReviewItem = { kind: "field"; field: PlanField } | { kind: "group"; group: PlanGroup; first: PlanField };

/** The rows of a step on the check-answers page: an optional group left empty is one row, not one per field. */
export function reviewItems(fields: PlanField[], groups: PlanGroup[], draft: Record<string, unknown>): ReviewItem[] {
  const items: ReviewItem[] = [];
  const collapsed = new Set<string>();
  for (const field of fields.filter((f) => !f.hidden)) {
    const group = groups.find((g) => g.path === field.group);
    const empty =
      group &&
      !group.required &&
      !fields.some((f) => f.group === group.path && valueAt(draft, f.path) !== undefined && valueAt(draft, f.path) !== "");
    if (group && empty) {
      if (!collapsed.has(group.path)) items.push({ kind: "group", group, first: field });
      collapsed.add(group.path);
    } else items.push({ kind: "field", field });
  }
  return items;
}

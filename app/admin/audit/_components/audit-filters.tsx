import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Select, type SelectOption } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { DayRangeFields } from "@/components/admin/day-range-fields";

export type AuditFilterValues = { action?: string; staff?: string; application?: string; from?: string; to?: string };
type Texts = Record<
  "action" | "anyAction" | "staff" | "anyStaff" | "application" | "applicationHint" | "from" | "to" | "days" | "apply" | "clear",
  string
>;

/** The audit log's filters: a plain GET form, so every view is a URL (and works without JavaScript). */
export function AuditFilters({
  values,
  actions,
  staff,
  texts,
  errors = {},
}: {
  values: AuditFilterValues;
  /** Messages beside the day boxes (a date the URL gave that is not a real day in range). */
  errors?: { from?: string; to?: string };
  actions: SelectOption[];
  staff: SelectOption[];
  texts: Texts;
}) {
  return (
    <form
      method="get"
      action="/admin/audit"
      className="grid gap-4 rounded-card border border-border bg-surface p-4 md:grid-cols-2 md:items-end lg:grid-cols-5"
    >
      <Select
        id="audit-action"
        name="action"
        label={texts.action}
        options={actions}
        placeholder={texts.anyAction}
        defaultValue={values.action ?? ""}
      />
      <Select
        id="audit-staff"
        name="staff"
        label={texts.staff}
        options={staff}
        placeholder={texts.anyStaff}
        defaultValue={values.staff ?? ""}
      />
      <TextField
        id="audit-application"
        name="application"
        label={texts.application}
        hint={texts.applicationHint}
        defaultValue={values.application}
        spellCheck={false}
      />
      <DayRangeFields idPrefix="audit" values={values} errors={errors} texts={texts} />
      <div className="flex flex-wrap items-center gap-3 md:col-span-2 lg:col-span-5">
        <Button type="submit">{texts.apply}</Button>
        <Link href="/admin/audit" className={buttonClasses("secondary")}>
          {texts.clear}
        </Link>
      </div>
    </form>
  );
}

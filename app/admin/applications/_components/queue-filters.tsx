import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Select, type SelectOption } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { DayRangeFields } from "@/components/admin/day-range-fields";

export type QueueFilterValues = {
  q?: string;
  state?: string;
  product?: string;
  from?: string;
  to?: string;
  attention?: string;
  mine?: string;
  overdue?: string;
  assignee?: string;
  sort: string;
};
type Texts = Record<
  | "search"
  | "searchHint"
  | "product"
  | "anyProduct"
  | "from"
  | "to"
  | "days"
  | "attention"
  | "attentionHint"
  | "mine"
  | "overdue"
  | "assignee"
  | "anyone"
  | "sort"
  | "apply"
  | "clear",
  string
>;

function Check({ name, label, hint, checked }: { name: string; label: string; hint?: string; checked: boolean }) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={`queue-${name}`}
        type="checkbox"
        name={name}
        value="1"
        defaultChecked={checked}
        className="mt-1 size-5 shrink-0"
        aria-describedby={hint ? `queue-${name}-hint` : undefined}
      />
      <div>
        <label htmlFor={`queue-${name}`} className="font-semibold">
          {label}
        </label>
        {hint ? (
          <p id={`queue-${name}-hint`} className="text-sm text-fg-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The queue's search and filters: a plain GET form, so every view is a URL (and works without JavaScript). */
export function QueueFilters({
  values,
  products,
  sorts,
  assignees,
  texts,
  errors = {},
}: {
  values: QueueFilterValues;
  /** Messages beside the day boxes (a date the URL gave that is not a real day in range). */
  errors?: { from?: string; to?: string };
  products: SelectOption[];
  sorts: SelectOption[];
  /** "none" (nobody holds it) and the colleagues who may hold one. */
  assignees: SelectOption[];
  texts: Texts;
}) {
  return (
    <form
      method="get"
      action="/admin/applications"
      className="grid gap-4 rounded-card border border-border bg-surface p-4 md:grid-cols-2 lg:grid-cols-4"
    >
      {values.state ? <input type="hidden" name="state" value={values.state} /> : null}
      <TextField
        id="queue-q"
        name="q"
        type="search"
        label={texts.search}
        hint={texts.searchHint}
        defaultValue={values.q}
        className="md:col-span-2"
        spellCheck={false}
      />
      <Select
        id="queue-product"
        name="product"
        label={texts.product}
        options={products}
        placeholder={texts.anyProduct}
        defaultValue={values.product ?? ""}
      />
      <Select id="queue-sort" name="sort" label={texts.sort} options={sorts} defaultValue={values.sort} />
      <DayRangeFields idPrefix="queue" values={values} errors={errors} texts={texts} />
      <Select
        id="queue-assignee"
        name="assignee"
        label={texts.assignee}
        options={assignees}
        placeholder={texts.anyone}
        defaultValue={values.assignee ?? ""}
      />
      <div className="flex flex-col gap-3 md:col-span-2 lg:col-span-3">
        <Check name="attention" label={texts.attention} hint={texts.attentionHint} checked={values.attention === "1"} />
        <Check name="overdue" label={texts.overdue} checked={values.overdue === "1"} />
        <Check name="mine" label={texts.mine} checked={values.mine === "1"} />
      </div>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2 lg:col-span-4">
        <Button type="submit">{texts.apply}</Button>
        <Link href="/admin/applications" className={buttonClasses("secondary")}>
          {texts.clear}
        </Link>
      </div>
    </form>
  );
}

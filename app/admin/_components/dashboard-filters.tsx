import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Select, type SelectOption } from "@/components/ui/select";
import { DayRangeFields } from "@/components/admin/day-range-fields";

type Texts = Record<"label" | "from" | "to" | "days" | "product" | "anyProduct" | "apply" | "reset", string>;

/** The period and card of the dashboard: a plain GET form, so each view is a URL (and works without JavaScript). */
export function DashboardFilters({
  values,
  products,
  texts,
  errors = {},
}: {
  values: { from: string; to: string; product?: string };
  /** Messages beside the day boxes (a date the URL gave that is not a real day in range: the default applies). */
  errors?: { from?: string; to?: string };
  products: SelectOption[];
  texts: Texts;
}) {
  return (
    <form
      method="get"
      action="/admin"
      aria-label={texts.label}
      className="grid gap-4 rounded-card border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <DayRangeFields idPrefix="dashboard" values={values} errors={errors} texts={texts} />
      <Select
        id="dashboard-product"
        name="product"
        label={texts.product}
        options={products}
        placeholder={texts.anyProduct}
        defaultValue={values.product ?? ""}
      />
      <div className="flex flex-wrap items-end gap-3">
        <Button type="submit">{texts.apply}</Button>
        <Link href="/admin" className={buttonClasses("secondary")}>
          {texts.reset}
        </Link>
      </div>
    </form>
  );
}

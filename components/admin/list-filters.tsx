import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Select, type SelectOption } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { cn } from "@/lib/utils";

export type FilterField =
  | { kind: "select"; name: string; label: string; options: SelectOption[]; placeholder: string; value?: string }
  | { kind: "text" | "date"; name: string; label: string; hint?: string; value?: string; error?: string };

/** A list's filters as a plain GET form: every view is a URL (bookmarkable, works without JavaScript). */
export function ListFilters({ action, fields, apply, clear }: { action: string; fields: FilterField[]; apply: string; clear: string }) {
  const wide = fields.length > 5;
  return (
    <form
      method="get"
      action={action}
      className={cn(
        "grid gap-4 rounded-card border border-border bg-surface p-4 md:grid-cols-3 md:items-end",
        wide ? "lg:grid-cols-6" : "lg:grid-cols-5",
      )}
    >
      {fields.map((f) =>
        f.kind === "select" ? (
          <Select
            key={f.name}
            id={`filter-${f.name}`}
            name={f.name}
            label={f.label}
            options={f.options}
            placeholder={f.placeholder}
            defaultValue={f.value ?? ""}
          />
        ) : (
          <TextField
            key={f.name}
            id={`filter-${f.name}`}
            name={f.name}
            type={f.kind}
            label={f.label}
            hint={f.hint}
            error={f.error}
            defaultValue={f.value}
            spellCheck={false}
          />
        ),
      )}
      <div className={cn("flex flex-wrap items-center gap-3 md:col-span-3", wide ? "lg:col-span-6" : "lg:col-span-5")}>
        <Button type="submit">{apply}</Button>
        <Link href={action} className={buttonClasses("secondary")}>
          {clear}
        </Link>
      </div>
    </form>
  );
}

/** The URL of a list with some parameters changed (undefined removes one); the page cursor is dropped unless given. */
export function hrefWith(
  base: string,
  params: Record<string, string | undefined>,
  change: Record<string, string | undefined> = {},
): string {
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...params, after: undefined, ...change })) if (v) next.set(k, v);
  const query = next.toString();
  return `${base}${query ? `?${query}` : ""}`;
}

/** "First page" when on a later page, "Next page" when there is one. */
export function Pager({ first, next, texts }: { first?: string; next?: string; texts: { first: string; next: string } }) {
  if (!first && !next) return null;
  return (
    <nav className="flex flex-wrap items-center gap-3" aria-label={`${texts.first} / ${texts.next}`}>
      {first ? (
        <Link href={first} className={buttonClasses("secondary")}>
          {texts.first}
        </Link>
      ) : null}
      {next ? (
        <Link href={next} className={buttonClasses("secondary")} rel="next">
          {texts.next}
        </Link>
      ) : null}
    </nav>
  );
}

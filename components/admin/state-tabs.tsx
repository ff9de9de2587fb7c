import Link from "next/link";
import { cn } from "@/lib/utils";

/** `atLeast`: the count stopped there (a large table is not counted whole): shown as "10,000+"; no count: not counted. */
export type StateTab = { key: string; label: string; count?: number; atLeast?: boolean; href: string; current: boolean };

/** The states as tabs with their counts; each is a link (the filter lives in the URL), the current one marked. */
export function StateTabs({ label, tabs, locale }: { label: string; tabs: StateTab[]; locale: string }) {
  const number = new Intl.NumberFormat(locale);
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              aria-current={tab.current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center gap-2 rounded-control border px-3 text-sm font-semibold no-underline",
                tab.current
                  ? "border-brand bg-brand text-on-brand hover:text-on-brand"
                  : "border-border-strong bg-surface text-fg hover:bg-surface-muted hover:text-fg",
              )}
            >
              {tab.label}
              {tab.count !== undefined && (
                <span className={cn("rounded-full px-2 text-xs", tab.current ? "bg-surface text-fg" : "bg-surface-muted")}>
                  {number.format(tab.count)}
                  {tab.atLeast ? "+" : null}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

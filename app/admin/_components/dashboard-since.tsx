import Link from "next/link";
import { formatters } from "@/app/admin/_components/dashboard-funnel";
import { DashboardPanel } from "@/app/admin/_components/dashboard-panel";
import type { DashboardFigures } from "@/lib/admin/dashboard/load";
import type { Trend } from "@/lib/admin/dashboard/figures";
import type { Translate } from "@/lib/i18n/translate";
import { staffDayFormat, type StaffClock } from "@/lib/admin/clock";

// The morning check: what arrived, finished and failed yesterday (a day in the staff member's zone), each against the day before (in words,
// the arrow only repeats them) and today so far, and what needs a person now.

type Props = { since: DashboardFigures["sinceYesterday"]; t: Translate; clock: StaffClock };

const tile = "flex min-w-0 flex-col gap-1 rounded-control border border-border bg-surface-muted/40 px-3 py-2";

function TrendText({ trend, t, number }: { trend: Trend; t: Translate; number: (n: number) => string }) {
  const count = number(Math.abs(trend.delta));
  const text = trend.direction === "same" ? t("admin.dashboard.since.same") : t(`admin.dashboard.since.${trend.direction}`, { count });
  const arrow = { up: "▲", down: "▼", same: "=" }[trend.direction];
  return (
    <span className="text-sm text-fg-muted">
      <span aria-hidden="true">{arrow} </span>
      {text}
    </span>
  );
}

export function SinceYesterdayPanel({ since, t, clock }: Props) {
  const f = formatters(t, clock.locale);
  const day = staffDayFormat(clock, "full");
  return (
    <DashboardPanel
      id="since"
      heading={t("admin.dashboard.since.heading")}
      lead={t("admin.dashboard.since.lead", { day: day.format(since.window.start), zone: clock.timeZone })}
    >
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4" data-testid="since-yesterday">
        {since.figures.map(({ figure, count, trend, today }) => (
          <li key={figure} className={tile}>
            <span className="font-semibold">{t(`admin.dashboard.since.figures.${figure}`)}</span>
            <span className="text-2xl font-bold tabular-nums">{f.number(count)}</span>
            <TrendText trend={trend} t={t} number={f.number} />
            <span className="text-sm text-fg-muted">
              {t("admin.dashboard.since.today", { count: f.number(today), zone: clock.timeZone })}
            </span>
          </li>
        ))}
        <li className={tile}>
          <Link href="/admin/applications?attention=1" className="font-semibold">
            {t("admin.dashboard.since.needsPerson")}
          </Link>
          <span className="text-2xl font-bold tabular-nums">{f.upTo(since.needsPerson, since.needsPersonCap)}</span>
          <span className="text-sm text-fg-muted">{t("admin.dashboard.since.needsPersonNote")}</span>
        </li>
      </ul>
    </DashboardPanel>
  );
}

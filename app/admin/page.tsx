import type { Metadata } from "next";
import { Suspense } from "react";
import { BalanceLoading, BalancePanel } from "@/app/admin/_components/dashboard-balance";
import { dayErrorTexts } from "@/app/admin/_lib/filter-errors";
import { DashboardFilters } from "@/app/admin/_components/dashboard-filters";
import { FunnelPanel, TimingsPanel } from "@/app/admin/_components/dashboard-funnel";
import { AbandonedPanel, AttentionPanel, RefusalsPanel, StatesPanel } from "@/app/admin/_components/dashboard-lists";
import { SinceYesterdayPanel } from "@/app/admin/_components/dashboard-since";
import { dashboardParamsSchema, periodOf } from "@/lib/admin/dashboard/figures";
import { loadBalance, loadDashboard } from "@/lib/admin/dashboard/load";
import { productNames } from "@/lib/admin/queue/load";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import { DEFAULT_STAFF_ZONE, staffClockOf, staffDayFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.dashboard.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// /admin - the operations dashboard: since yesterday (days in the staff member's zone); the period's funnel, stage times, idle drafts, refusals; needs attention; the
// issuing balance (streamed: the issuer may be slow or down). Period and card are in the URL.
export default async function AdminDashboard({ searchParams }: Props) {
  const staff = await requireStaffPage("read");
  const timeZone = staff.timeZone ?? DEFAULT_STAFF_ZONE;
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const params = dashboardParamsSchema.parse(raw);
  const period = periodOf(params, new Date(), timeZone);
  const balance = loadBalance();
  const [{ t, locale }, figures, products] = await Promise.all([
    getTranslator(),
    loadDashboard(period, params.product, timeZone),
    productNames(),
  ]);
  const filter = { from: period.from, to: period.to, product: params.product };
  const productLabel = params.product
    ? t("admin.dashboard.oneProduct", { product: products[params.product] ?? params.product })
    : t("admin.dashboard.allProducts");
  const clock = staffClockOf(locale, staff.timeZone);
  const day = staffDayFormat(clock);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.dashboard.heading")}</h1>
        <p className="mt-2 text-fg-muted">{t("admin.dashboard.lead")}</p>
      </div>
      <SinceYesterdayPanel since={figures.sinceYesterday} t={t} clock={clock} />
      <DashboardFilters
        values={filter}
        errors={dayErrorTexts(raw, locale)}
        products={Object.entries(products).map(([value, label]) => ({ value, label }))}
        texts={{
          label: t("admin.dashboard.filters.label"),
          from: t("admin.dashboard.filters.from"),
          to: t("admin.dashboard.filters.to"),
          days: t("admin.clock.daysIn", { zone: timeZone }),
          product: t("admin.dashboard.filters.product"),
          anyProduct: t("admin.dashboard.filters.anyProduct"),
          apply: t("admin.dashboard.filters.apply"),
          reset: t("admin.dashboard.filters.reset"),
        }}
      />
      <p className="font-semibold" data-testid="dashboard-cohort">
        {t("admin.dashboard.cohort", {
          from: day.format(period.start),
          to: day.format(new Date(period.end.getTime() - 1)),
          product: productLabel,
        })}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <AttentionPanel
          counts={figures.attention}
          hours={figures.attentionHours}
          cap={figures.attentionCap}
          poisonedHref={figures.poisonedHref}
          t={t}
          locale={locale}
        />
        <Suspense fallback={<BalanceLoading t={t} />}>
          <BalancePanel balance={balance} t={t} locale={locale} />
        </Suspense>
      </div>
      <StatesPanel counts={figures.states} filter={filter} t={t} locale={locale} />
      <FunnelPanel steps={figures.funnel} t={t} locale={locale} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TimingsPanel timings={figures.timings} oneIn={figures.timingsOneIn} t={t} locale={locale} />
        <RefusalsPanel rows={figures.refusals} t={t} locale={locale} />
      </div>
      <AbandonedPanel rows={figures.abandoned} t={t} locale={locale} />
    </div>
  );
}

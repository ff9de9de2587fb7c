import type { Metadata } from "next";
import Link from "next/link";
import { dayErrorTexts } from "@/app/admin/_lib/filter-errors";
import { BulkBar } from "@/app/admin/applications/_components/bulk-bar";
import { BulkSelection, RowCheck, SelectAllCheck } from "@/app/admin/applications/_components/bulk-selection";
import { FiltersFold } from "@/app/admin/applications/_components/filters-fold";
import { QueueFilters } from "@/app/admin/applications/_components/queue-filters";
import { SavedViews } from "@/app/admin/applications/_components/saved-views";
import { StateTabs } from "@/components/admin/state-tabs";
import { buttonClasses } from "@/components/ui/button";
import { DataTable, type Column } from "@/components/ui/data-table";
import { assignableStaff, productNames, workQueue } from "@/lib/admin/queue/load";
import { QUEUE_SORTS, queueParamsSchema, type QueueParams, type QueueRow } from "@/lib/admin/queue/list";
import { caseHrefOf, queryOf, queueHrefOf, type QueueQuery } from "@/lib/admin/queue/query";
import { savedViewsOf } from "@/lib/admin/queue/saved-views";
import { formatSpan, spanOf } from "@/lib/admin/queue/time-in-state";
import { can } from "@/lib/auth/roles";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { APPLICATION_STATES } from "@/lib/applications/state-machine";
import { referenceOf } from "@/lib/applications/reference";
import { getTranslator } from "@/lib/i18n/server";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.queue.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The URL of this view with some parameters changed (undefined removes one); paging starts again. */
const hrefOf = (params: QueueParams, change: QueueQuery) =>
  queueHrefOf(queryOf({ ...params, after: undefined, before: undefined, ...change }));

// /admin/applications - the work queue: search, filters and state tabs in the URL, keyset pages, CSV export.
export default async function ApplicationsQueue({ searchParams }: Props) {
  const staff = await requireStaffPage("read");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const params = queueParamsSchema.parse(raw);
  const { t, locale } = await getTranslator();
  const dayErrors = dayErrorTexts(raw, locale);
  const [page, products, colleagues, views] = await Promise.all([
    workQueue(staff, params),
    productNames(),
    assignableStaff(),
    savedViewsOf(staff.id),
  ]);
  const now = new Date();
  const when = staffTimeFormat(staffClockOf(locale, staff.timeZone));
  // A count that stopped short shows "10,000+" (and so does the total); a search past the cap counts no state.
  const total = page.uncounted ?? APPLICATION_STATES.reduce((sum, s) => sum + (page.counts[s] ?? 0), 0);
  const over = page.uncounted !== undefined || APPLICATION_STATES.some((s) => page.atLeast[s]);
  const tabs = [
    {
      key: "all",
      label: t("admin.queue.all"),
      count: total,
      atLeast: over,
      href: hrefOf(params, { state: undefined }),
      current: !params.state,
    },
    ...APPLICATION_STATES.map((s) => ({
      key: s,
      label: t(`admin.states.${s}`),
      count: page.uncounted === undefined ? (page.counts[s] ?? 0) : undefined,
      atLeast: page.atLeast[s] ?? false,
      href: hrefOf(params, { state: s }),
      current: params.state === s,
    })),
  ];
  // An application opened from here comes back to this very view: filters, order and page.
  const view = queryOf(params);
  // The bar stays when the rows it acted on leave the page (its answer says what happened to them).
  const bulk = can(staff.role, "work");
  const nameOf = (r: QueueRow) => r.name || t("admin.queue.noName");
  const pick: Column<QueueRow>[] = [
    {
      key: "pick",
      header: <span className="sr-only">{t("admin.queue.bulk.label")}</span>,
      cell: (r) => <RowCheck id={r.id} label={t("admin.queue.bulk.selectRow", { name: nameOf(r) })} />,
    },
  ];
  const columns: Column<QueueRow>[] = [
    ...(bulk && page.rows.length > 0 ? pick : []),
    {
      key: "applicant",
      header: t("admin.queue.columns.applicant"),
      cell: (r) => (
        <>
          <Link href={caseHrefOf(r.id, view)} className="font-semibold">
            {nameOf(r)}
          </Link>
          {r.email ? <p className="break-all text-fg-muted">{r.email}</p> : null}
        </>
      ),
    },
    {
      key: "reference",
      header: t("admin.queue.columns.reference"),
      // The short reference customers quote (the full id is in the row's link): a whole id wrapped a letter a line on a phone.
      cell: (r) => <span className="font-mono text-sm whitespace-nowrap">{referenceOf(r.id)}</span>,
    },
    { key: "card", header: t("admin.queue.columns.card"), cell: (r) => products[r.productId] ?? r.productId },
    { key: "state", header: t("admin.queue.columns.state"), cell: (r) => t(`admin.states.${r.state}`) },
    {
      key: "assignee",
      header: t("admin.queue.columns.assignee"),
      cell: (r) => r.assignee ?? <span className="text-fg-muted">{t("admin.queue.nobody")}</span>,
    },
    {
      key: "inState",
      header: t("admin.queue.columns.inState"),
      cell: (r) => (
        <>
          <span className="whitespace-nowrap">{formatSpan(spanOf(new Date(r.stateSince), now), locale)}</span>
          {r.overdue ? <p className="font-semibold text-danger">{t("admin.queue.overdueMark")}</p> : null}
        </>
      ),
    },
    {
      key: "started",
      header: t("admin.queue.columns.started"),
      cell: (r) => when.format(new Date(r.createdAt)),
      className: "whitespace-nowrap",
    },
    {
      key: "updated",
      header: t("admin.queue.columns.updated"),
      cell: (r) => when.format(new Date(r.updatedAt)),
      className: "whitespace-nowrap",
    },
  ];
  const exportHref = hrefOf(params, {}).replace("/admin/applications", "/api/admin/applications/export");
  // What the fold's button counts: the filters inside it (the state is a tab, the order is not a filter).
  const active = (["q", "product", "from", "to", "assignee", "attention", "overdue", "mine"] as const).filter((k) => params[k]).length;
  return (
    <div className="flex flex-col gap-6">
      <a href="#queue-results" className="sr-only self-start focus:not-sr-only focus:rounded-control focus:p-2 focus:font-semibold">
        {t("admin.queue.skipToResults")}
      </a>
      <div>
        <h1 className="text-3xl font-bold">{t("admin.queue.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.queue.lead")}</p>
      </div>
      <SavedViews views={views} current={queryOf({ ...params, after: undefined, before: undefined })} />
      <FiltersFold id="queue-filters" label={active ? t("admin.queue.filtersActive", { count: active }) : t("admin.queue.filters")}>
        <QueueFilters
          values={params}
          products={Object.entries(products).map(([value, label]) => ({ value, label }))}
          errors={dayErrors}
          sorts={QUEUE_SORTS.map((s) => ({ value: s, label: t(`admin.queue.sorts.${s}`) }))}
          assignees={[
            { value: "none", label: t("admin.queue.nobody") },
            ...colleagues.map((c) => ({ value: c.id, label: c.name || c.email })),
          ]}
          texts={{
            search: t("admin.queue.search"),
            searchHint: t("admin.queue.searchHint"),
            days: t("admin.clock.daysIn", { zone: staffClockOf(locale, staff.timeZone).timeZone }),
            product: t("admin.queue.product"),
            anyProduct: t("admin.queue.anyProduct"),
            from: t("admin.queue.from"),
            to: t("admin.queue.to"),
            attention: t("admin.queue.attention"),
            attentionHint: t("admin.queue.attentionHint"),
            mine: t("admin.queue.mine"),
            overdue: t("admin.queue.overdue", { hours: page.attentionHours }),
            assignee: t("admin.queue.assignee"),
            anyone: t("admin.queue.anyone"),
            sort: t("admin.queue.sort"),
            apply: t("admin.queue.apply"),
            clear: t("admin.queue.clear"),
          }}
        />
      </FiltersFold>
      <StateTabs label={t("admin.queue.tabsLabel")} tabs={tabs} locale={locale} />
      {page.uncounted !== undefined && (
        <p className="text-sm text-fg-muted" data-testid="queue-not-counted">
          {t("admin.queue.notCounted", { cap: new Intl.NumberFormat(locale).format(page.uncounted) })}
        </p>
      )}
      <BulkSelection pageIds={bulk ? page.rows.map((r) => r.id) : []}>
        {bulk ? (
          <BulkBar
            colleagues={colleagues.map((c) => ({ value: c.id, label: c.name || c.email }))}
            names={Object.fromEntries(page.rows.map((r) => [r.id, nameOf(r)]))}
            selectAll={<SelectAllCheck label={t("admin.queue.bulk.selectAll")} />}
          />
        ) : null}
        <DataTable
          id="queue-results"
          caption={t("admin.queue.caption")}
          columns={columns}
          rows={page.rows}
          rowKey={(r) => r.id}
          empty={t(active > 0 || params.state ? "admin.queue.empty" : "admin.queue.emptyNone")}
        />
      </BulkSelection>
      <div className="flex flex-wrap items-center gap-3">
        {page.previous ? (
          <>
            <Link href={hrefOf(params, {})} className={buttonClasses("secondary")}>
              {t("admin.queue.first")}
            </Link>
            <Link href={hrefOf(params, { before: page.previous })} className={buttonClasses("secondary")} rel="prev">
              {t("admin.queue.previous")}
            </Link>
          </>
        ) : null}
        {page.next ? (
          <Link href={hrefOf(params, { after: page.next })} className={buttonClasses("secondary")} rel="next">
            {t("admin.queue.next")}
          </Link>
        ) : null}
        {can(staff.role, "export") && page.rows.length > 0 ? (
          <span className="ml-auto flex flex-col items-end">
            <a href={exportHref} download>
              {t("admin.queue.export")}
            </a>
            <span className="text-sm text-fg-muted">{t("admin.queue.exportNote")}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}

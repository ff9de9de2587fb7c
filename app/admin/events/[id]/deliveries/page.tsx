import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeliveryAttempts } from "@/app/admin/events/[id]/deliveries/_components/delivery-attempts";
import { TestEventButton } from "@/app/admin/events/[id]/deliveries/_components/test-event-button";
import { WatchedDelivery } from "@/app/admin/events/[id]/deliveries/_components/watched-delivery";
import { ResendDeliveryButton } from "@/app/admin/events/_components/resend-delivery-button";
import { hrefWith, ListFilters, Pager } from "@/components/admin/list-filters";
import { Alert } from "@/components/ui/alert";
import { DataTable, type Column } from "@/components/ui/data-table";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";
import { deliveryLogOverview, deliveryLogParamsSchema, LOG_STATES, OUTBOX_TYPES, type LogEntry } from "@/lib/admin/events/delivery-log";
import { referenceOf } from "@/lib/applications/reference";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import type { adminDeliveriesEn } from "@/lib/i18n/messages/admin-deliveries-en";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.deliveries.title") };
}

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// /admin/events/{id}/deliveries - admins: one endpoint's deliveries newest first, filters in the URL, keyset pages,
// each row's attempts in a disclosure, Resend, and a test event whose result the page waits for.
export default async function DeliveryLogPage({ params, searchParams }: Props) {
  const staff = await requireStaffPage("manage_staff");
  const { id } = await params;
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const query = deliveryLogParamsSchema.parse(raw);
  const data = await deliveryLogOverview(id, query);
  if (!data) notFound();
  const { t, locale } = await getTranslator();
  const when = staffTimeFormat(staffClockOf(locale, staff.timeZone), "second");
  const time = (d: Date) => <time dateTime={d.toISOString()}>{when.format(d)}</time>;
  const base = `/admin/events/${encodeURIComponent(data.endpoint.id)}/deliveries`;
  const current = { state: query.state, type: query.type };
  const col = (key: keyof typeof adminDeliveriesEn.columns) => t(`admin.deliveries.columns.${key}`);
  const next = (r: LogEntry) =>
    r.logState === "abandoned"
      ? t("admin.deliveries.gaveUp")
      : r.logState === "delivered"
        ? t("admin.deliveries.none")
        : time(r.nextAttemptAt);
  // The state and its Resend second: on a phone the table scrolls sideways, and they stay in view.
  const columns: Column<LogEntry>[] = [
    {
      key: "event",
      header: col("event"),
      className: "min-w-52",
      cell: (r) => (
        <div className="flex flex-col gap-1">
          <span className="font-mono text-xs">{r.type}</span>
          <span className="font-mono text-xs break-all text-fg-muted">{r.eventId}</span>
          <span className="text-xs">{time(r.createdAt)}</span>
        </div>
      ),
    },
    {
      key: "state",
      header: col("state"),
      className: "min-w-36",
      cell: (r) => (
        <div className="flex flex-col items-start gap-2">
          <span data-testid="delivery-state">{r.leased ? t("admin.deliveries.sending") : t(`admin.deliveries.states.${r.logState}`)}</span>
          {r.leased ? null : (
            <ResendDeliveryButton id={r.id} eventId={r.eventId} watchHref={hrefWith(base, current, { sent: String(r.id) })} />
          )}
        </div>
      ),
    },
    {
      key: "code",
      header: col("code"),
      className: "tabular-nums",
      cell: (r) => r.lastStatus ?? (r.lastError ? t("admin.deliveries.noAnswer") : ""),
    },
    {
      key: "latency",
      header: col("latency"),
      className: "whitespace-nowrap tabular-nums",
      cell: (r) => (r.lastLatencyMs === null ? "" : t("admin.deliveries.ms", { ms: r.lastLatencyMs })),
    },
    { key: "next", header: col("next"), className: "whitespace-nowrap", cell: next },
    {
      key: "application",
      header: col("application"),
      cell: (r) =>
        r.applicationId ? (
          <Link href={`/admin/applications/${encodeURIComponent(r.applicationId)}`} className="font-mono text-xs whitespace-nowrap">
            {referenceOf(r.applicationId)}
          </Link>
        ) : (
          t("admin.deliveries.none")
        ),
    },
    { key: "attempts", header: col("attempts"), cell: (r) => <DeliveryAttempts attempts={r.attemptsLog} t={t} when={when} /> },
  ];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link href={`/admin/events/${encodeURIComponent(data.endpoint.id)}`} className="text-sm">
          {t("admin.deliveries.back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold">{t("admin.deliveries.heading")}</h1>
        <p className="mt-2 max-w-prose break-words text-fg-muted">{t("admin.deliveries.lead", { url: data.endpoint.url })}</p>
      </div>
      {data.endpoint.enabled ? null : <Alert tone="warning">{t("admin.deliveries.off")}</Alert>}
      {data.watched ? <WatchedDelivery watched={data.watched} t={t} when={when} /> : null}
      <section aria-labelledby="test-event" className="flex max-w-prose flex-col gap-2">
        <h2 id="test-event" className="text-xl font-bold">
          {t("admin.deliveries.test.heading")}
        </h2>
        <p className="text-sm text-fg-muted">{t("admin.deliveries.test.lead")}</p>
        <TestEventButton endpointId={data.endpoint.id} />
      </section>
      <ListFilters
        action={base}
        apply={t("admin.ops.apply")}
        clear={t("admin.ops.clear")}
        fields={[
          {
            kind: "select",
            name: "state",
            label: t("admin.deliveries.filters.state"),
            placeholder: t("admin.deliveries.filters.anyState"),
            options: LOG_STATES.map((v) => ({ value: v, label: t(`admin.deliveries.states.${v}`) })),
            value: query.state,
          },
          {
            kind: "select",
            name: "type",
            label: t("admin.deliveries.filters.type"),
            placeholder: t("admin.deliveries.filters.anyType"),
            options: OUTBOX_TYPES.map((v) => ({ value: v, label: v })),
            value: query.type,
          },
        ]}
      />
      <DataTable
        caption={t("admin.deliveries.caption")}
        columns={columns}
        rows={data.rows}
        rowKey={(r) => String(r.id)}
        empty={t(query.state || query.type ? "admin.deliveries.empty" : "admin.deliveries.emptyNone")}
      />
      <Pager
        first={query.after ? hrefWith(base, current) : undefined}
        next={data.next ? hrefWith(base, current, { after: data.next }) : undefined}
        texts={{ first: t("admin.ops.first"), next: t("admin.ops.next") }}
      />
    </div>
  );
}

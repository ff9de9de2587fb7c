import type { Metadata } from "next";
import Link from "next/link";
import { dayErrorTexts } from "@/app/admin/_lib/filter-errors";
import { hrefWith, ListFilters, Pager } from "@/components/admin/list-filters";
import { SignatureFailures } from "@/app/admin/webhooks/_components/signature-failures";
import { WebhookError } from "@/app/admin/webhooks/_components/webhook-error";
import { DataTable, type Column } from "@/components/ui/data-table";
import { WEBHOOK_STATES, webhookOverview, webhookParamsSchema, type InboxSummary } from "@/lib/admin/ops/webhooks";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.ops.webhooks.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// /admin/webhooks - every role: received events with their processing state (no body here), filters in the URL,
// keyset pages, and signature failures per hour.
export default async function WebhooksPage({ searchParams }: Props) {
  const staff = await requireStaffPage("read");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const params = webhookParamsSchema.parse(raw);
  const { t, locale } = await getTranslator();
  const daysIn = t("admin.clock.daysIn", { zone: staffClockOf(locale, staff.timeZone).timeZone });
  const dayErrors = dayErrorTexts(raw, locale);
  const data = await webhookOverview(params, staff.timeZone ?? undefined);
  const when = staffTimeFormat(staffClockOf(locale, staff.timeZone), "second");
  const time = (d: Date) => <time dateTime={d.toISOString()}>{when.format(d)}</time>;
  const col = (key: "event" | "type" | "eventAt" | "receivedAt" | "state" | "attempts" | "duplicates" | "lastError" | "cardholder") =>
    t(`admin.ops.webhooks.columns.${key}`);
  const columns: Column<InboxSummary>[] = [
    {
      key: "event",
      header: col("event"),
      cell: (r) => (
        <Link href={`/admin/webhooks/${encodeURIComponent(r.eventId)}`} className="font-mono text-xs break-all">
          {r.eventId}
        </Link>
      ),
      className: "min-w-44",
    },
    { key: "type", header: col("type"), cell: (r) => <span className="font-mono text-xs">{r.eventType}</span> },
    { key: "eventAt", header: col("eventAt"), cell: (r) => time(r.eventAt), className: "whitespace-nowrap" },
    { key: "receivedAt", header: col("receivedAt"), cell: (r) => time(r.receivedAt), className: "whitespace-nowrap" },
    { key: "state", header: col("state"), cell: (r) => t(`admin.ops.webhooks.states.${r.state}`), className: "whitespace-nowrap" },
    { key: "attempts", header: col("attempts"), cell: (r) => r.attempts, className: "text-right tabular-nums" },
    { key: "duplicates", header: col("duplicates"), cell: (r) => r.duplicates, className: "text-right tabular-nums" },
    {
      key: "cardholder",
      header: col("cardholder"),
      cell: (r) =>
        r.cardholderId ? (
          <Link href={hrefWith("/admin/webhooks", { cardholder: r.cardholderId })} className="font-mono text-xs whitespace-nowrap">
            {r.cardholderId}
          </Link>
        ) : null,
    },
    // An error can be long (a validation report): its start here, the whole of it on the event's page.
    { key: "lastError", header: col("lastError"), cell: (r) => (r.lastError ? <WebhookError raw={r.lastError} t={t} compact /> : null) },
  ];
  const w = (key: "type" | "anyType" | "state" | "anyState" | "cardholder" | "cardholderHint") => t(`admin.ops.webhooks.${key}`);
  const current = { type: params.type, state: params.state, cardholder: params.cardholder, from: params.from, to: params.to };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.ops.webhooks.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.ops.webhooks.lead")}</p>
      </div>
      <ListFilters
        action="/admin/webhooks"
        apply={t("admin.ops.apply")}
        clear={t("admin.ops.clear")}
        fields={[
          {
            kind: "select",
            name: "type",
            label: w("type"),
            placeholder: w("anyType"),
            options: data.types.map((v) => ({ value: v, label: v })),
            value: params.type,
          },
          {
            kind: "select",
            name: "state",
            label: w("state"),
            placeholder: w("anyState"),
            options: WEBHOOK_STATES.map((v) => ({ value: v, label: t(`admin.ops.webhooks.states.${v}`) })),
            value: params.state,
          },
          { kind: "text", name: "cardholder", label: w("cardholder"), hint: w("cardholderHint"), value: params.cardholder },
          { kind: "date", name: "from", label: t("admin.ops.from"), hint: daysIn, value: params.from, error: dayErrors.from },
          { kind: "date", name: "to", label: t("admin.ops.to"), hint: daysIn, value: params.to, error: dayErrors.to },
        ]}
      />
      <DataTable
        caption={t("admin.ops.webhooks.caption")}
        columns={columns}
        rows={data.rows}
        rowKey={(r) => r.eventId}
        empty={t(Object.values(current).some(Boolean) ? "admin.ops.webhooks.empty" : "admin.ops.webhooks.emptyNone")}
      />
      <Pager
        first={params.after ? hrefWith("/admin/webhooks", current) : undefined}
        next={data.next ? hrefWith("/admin/webhooks", current, { after: data.next }) : undefined}
        texts={{ first: t("admin.ops.first"), next: t("admin.ops.next") }}
      />
      <SignatureFailures failures={data.failures} t={t} locale={locale} timeZone={staff.timeZone ?? null} />
    </div>
  );
}

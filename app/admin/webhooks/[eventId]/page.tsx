import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { hrefWith } from "@/components/admin/list-filters";
import { ReprocessButton } from "@/app/admin/webhooks/[eventId]/_components/reprocess-button";
import { WebhookError } from "@/app/admin/webhooks/_components/webhook-error";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import { SummaryList } from "@/components/ui/summary-list";
import { webhookEvent, type BodyView } from "@/lib/admin/ops/webhooks";
import { can } from "@/lib/auth/roles";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.ops.event.title") };
}

type Props = { params: Promise<{ eventId: string }> };

function Body({ body, t }: { body: BodyView; t: Translate }) {
  if (body.kind === "json")
    return (
      <pre
        // A long body scrolls on its own: reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded-card border border-border bg-surface-muted p-4 font-mono text-xs"
        data-testid="event-body"
      >
        {body.text}
      </pre>
    );
  const text = { hidden: "bodyHidden", removed: "bodyRemoved", unreadable: "bodyUnreadable" } as const;
  return <Alert tone="info">{t(`admin.ops.event.${text[body.kind]}`)}</Alert>;
}

// /admin/webhooks/[eventId] - one event: its details and headers for every role; its body only for roles that
// work applications (bodies hold names and addresses); reprocess a poisoned or parked event (agent, admin).
export default async function WebhookEventPage({ params }: Props) {
  const staff = await requireStaffPage("read");
  const { eventId } = await params;
  const event = await webhookEvent(staff, eventId.slice(0, 200));
  if (!event) notFound();
  const { t, locale } = await getTranslator();
  const when = staffTimeFormat(staffClockOf(locale, staff.timeZone), "second");
  const time = (d: Date | null) => (d ? <time dateTime={d.toISOString()}>{when.format(d)}</time> : t("admin.ops.event.notYet"));
  const c = (key: "type" | "eventAt" | "receivedAt" | "state" | "attempts" | "duplicates" | "lastError" | "cardholder") =>
    t(`admin.ops.webhooks.columns.${key}`);
  const headers = Object.entries(event.headers ?? {}).map(([name, value]) => ({ name, value }));
  const reprocessable = event.state === "poisoned" || event.state === "parked";
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link href="/admin/webhooks">{t("admin.ops.event.back")}</Link>
      </p>
      <h1 className="text-3xl font-bold break-all">{event.eventId}</h1>
      <section aria-labelledby="event-details">
        <h2 id="event-details" className="mb-2 text-xl font-bold">
          {t("admin.ops.event.details")}
        </h2>
        <SummaryList
          rows={[
            { key: "type", label: c("type"), value: <span className="font-mono">{event.eventType}</span> },
            { key: "state", label: c("state"), value: t(`admin.ops.webhooks.states.${event.state}`) },
            { key: "eventAt", label: c("eventAt"), value: time(event.eventAt) },
            { key: "receivedAt", label: c("receivedAt"), value: time(event.receivedAt) },
            { key: "processedAt", label: t("admin.ops.event.processedAt"), value: time(event.processedAt) },
            { key: "attempts", label: c("attempts"), value: String(event.attempts) },
            { key: "duplicates", label: c("duplicates"), value: <span data-testid="event-duplicates">{event.duplicates}</span> },
            {
              key: "lastError",
              label: c("lastError"),
              value: event.lastError ? <WebhookError raw={event.lastError} t={t} /> : null,
            },
            {
              key: "cardholder",
              label: c("cardholder"),
              value: event.cardholderId ? (
                <Link href={hrefWith("/admin/webhooks", { cardholder: event.cardholderId })} className="font-mono">
                  {event.cardholderId}
                </Link>
              ) : null,
            },
            {
              key: "application",
              label: t("admin.search.links.application"),
              value: event.applicationId ? (
                <Link href={`/admin/applications/${event.applicationId}`} className="font-mono" data-testid="event-application">
                  {event.applicationId}
                </Link>
              ) : (
                t("admin.search.links.noApplication")
              ),
            },
          ]}
        />
      </section>
      {can(staff.role, "work") ? (
        <ReprocessButton eventId={event.eventId} available={reprocessable && event.body.kind !== "removed"} />
      ) : null}
      <section aria-labelledby="event-headers" className="flex flex-col gap-2">
        <h2 id="event-headers" className="text-xl font-bold">
          {t("admin.ops.event.headers")}
        </h2>
        <DataTable
          caption={t("admin.ops.event.headersCaption")}
          rows={headers}
          rowKey={(h) => h.name}
          empty={t("admin.ops.event.noHeaders")}
          columns={[
            { key: "name", header: t("admin.ops.event.header"), cell: (h) => <span className="font-mono text-xs">{h.name}</span> },
            {
              key: "value",
              header: t("admin.ops.event.value"),
              cell: (h) => <span className="font-mono text-xs break-all">{h.value}</span>,
            },
          ]}
        />
      </section>
      <section aria-labelledby="event-body" className="flex flex-col gap-2">
        <h2 id="event-body" className="text-xl font-bold">
          {t("admin.ops.event.body")}
        </h2>
        <Body body={event.body} t={t} />
      </section>
    </div>
  );
}

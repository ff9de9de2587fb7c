import Link from "next/link";
import { ResendDeliveryButton } from "@/app/admin/events/_components/resend-delivery-button";
import { DataTable } from "@/components/ui/data-table";
import { applicationEventLog, type ApplicationLogEntry } from "@/lib/admin/events/application-log";
import type { Translate } from "@/lib/i18n/translate";

/**
 * "Events sent to the merchant's systems": the application's outbound events in order, one row per event and
 * endpoint, with the delivery's state, last code and next try; Resend for admins. One query (streamed in Suspense).
 */
export async function EventsSection({ applicationId, canResend, t, when }: Props) {
  const { rows, cut, limit } = await applicationEventLog(applicationId);
  const time = (d: Date) => <time dateTime={d.toISOString()}>{when.format(d)}</time>;
  const c = (key: "event" | "endpoint" | "state" | "code" | "next") => t(`admin.deliveries.section.columns.${key}`);
  const next = (r: ApplicationLogEntry) => {
    if (!r.delivery) return "";
    if (r.logState === "abandoned") return t("admin.deliveries.gaveUp");
    return r.logState === "delivered" ? t("admin.deliveries.none") : time(r.delivery.nextAttemptAt);
  };
  return (
    <div className="flex flex-col gap-3">
      {/* The state and its Resend second: on a phone the table scrolls sideways, and they stay in view. */}
      <DataTable<ApplicationLogEntry>
        caption={t("admin.deliveries.section.caption")}
        rows={rows}
        rowKey={(r) => `${r.eventId}:${r.endpoint?.id ?? ""}`}
        empty={t("admin.deliveries.section.empty")}
        columns={[
          {
            key: "event",
            header: c("event"),
            className: "min-w-44",
            cell: (r) => (
              <div className="flex flex-col gap-1">
                <span className="font-mono text-xs">{r.type}</span>
                <span className="text-xs">{time(r.at)}</span>
              </div>
            ),
          },
          {
            key: "state",
            header: c("state"),
            className: "min-w-36",
            cell: (r) =>
              r.delivery && r.logState ? (
                <div className="flex flex-col items-start gap-2">
                  <span data-testid="event-delivery-state">
                    {r.leased ? t("admin.deliveries.sending") : t(`admin.deliveries.states.${r.logState}`)}
                  </span>
                  {canResend && !r.leased ? <ResendDeliveryButton id={r.delivery.id} eventId={r.eventId} /> : null}
                </div>
              ) : null,
          },
          {
            key: "code",
            header: c("code"),
            className: "tabular-nums",
            cell: (r) => r.delivery?.lastStatus ?? (r.delivery?.lastError ? t("admin.deliveries.noAnswer") : ""),
          },
          { key: "next", header: c("next"), className: "whitespace-nowrap", cell: next },
          {
            key: "endpoint",
            header: c("endpoint"),
            className: "min-w-40",
            // The endpoint's log is for admins: others read the address without a link to a page that would refuse them.
            cell: (r) =>
              r.endpoint && !canResend ? (
                <span className="text-xs break-all">{r.endpoint.url}</span>
              ) : r.endpoint ? (
                <Link href={`/admin/events/${encodeURIComponent(r.endpoint.id)}/deliveries`} className="text-xs break-all">
                  {r.endpoint.url}
                </Link>
              ) : (
                <span className="text-fg-muted">{t("admin.deliveries.section.noEndpoint")}</span>
              ),
          },
        ]}
      />
      {cut ? <p className="text-sm text-fg-muted">{t("admin.deliveries.section.cut", { limit })}</p> : null}
    </div>
  );
}

type Props = { applicationId: string; canResend: boolean; t: Translate; when: Intl.DateTimeFormat };

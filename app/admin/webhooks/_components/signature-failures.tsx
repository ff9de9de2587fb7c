import { DataTable } from "@/components/ui/data-table";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

type Failure = { hour: Date; failures: number };

/** Signature failures per hour: a table (the hours with failures) with a bar per row; the numbers carry the meaning. */
type Props = { failures: Failure[]; t: Translate; locale: Locale; timeZone: string | null };

export function SignatureFailures({ failures, t, locale, timeZone }: Props) {
  const hour = staffTimeFormat(staffClockOf(locale, timeZone));
  const max = Math.max(1, ...failures.map((f) => f.failures));
  const total = failures.reduce((s, f) => s + f.failures, 0);
  return (
    <section aria-labelledby="signature-failures" className="flex flex-col gap-3">
      <div>
        <h2 id="signature-failures" className="text-xl font-bold">
          {t("admin.ops.webhooks.failures.heading")}
        </h2>
        <p className="mt-1 max-w-prose text-fg-muted">{t("admin.ops.webhooks.failures.lead")}</p>
        {total > 0 ? (
          <p className="mt-1 font-semibold" data-testid="signature-failure-total">
            {t("admin.ops.webhooks.failures.total", { count: String(total) })}
          </p>
        ) : null}
      </div>
      <DataTable
        caption={t("admin.ops.webhooks.failures.caption")}
        rows={failures}
        rowKey={(f) => f.hour.toISOString()}
        empty={t("admin.ops.webhooks.failures.empty")}
        columns={[
          {
            key: "hour",
            header: t("admin.ops.webhooks.failures.hour"),
            cell: (f) => <time dateTime={f.hour.toISOString()}>{hour.format(f.hour)}</time>,
            className: "whitespace-nowrap",
          },
          { key: "count", header: t("admin.ops.webhooks.failures.count"), cell: (f) => f.failures, className: "text-right tabular-nums" },
          {
            key: "bar",
            header: <span className="sr-only">{t("admin.ops.webhooks.failures.count")}</span>,
            cell: (f) => (
              <span
                aria-hidden="true"
                className="block h-3 rounded-sm bg-fg-muted"
                style={{ width: `${Math.max(4, (f.failures / max) * 100)}%` }}
              />
            ),
            className: "w-1/2 min-w-32",
          },
        ]}
      />
    </section>
  );
}

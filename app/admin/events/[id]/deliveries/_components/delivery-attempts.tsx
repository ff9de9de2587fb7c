import type { EventAttempt } from "@/lib/admin/events/delivery-log";
import type { Translate } from "@/lib/i18n/translate";

/**
 * One delivery's attempts in a disclosure: time, status or error, latency, and the start of the receiver's answer
 * (text from outside: React escapes it, shown as it came in a wrapped block).
 */
export function DeliveryAttempts({ attempts, t, when }: { attempts: EventAttempt[]; t: Translate; when: Intl.DateTimeFormat }) {
  if (attempts.length === 0) return <span>0</span>;
  return (
    <details className="min-w-80">
      <summary className="cursor-pointer">{t("admin.deliveries.attemptsSummary", { count: attempts.length })}</summary>
      <ol className="mt-2 flex flex-col gap-3" aria-label={t("admin.deliveries.attemptsCaption")}>
        {attempts.map((a, i) => (
          <li key={a.id} className="border-t border-border pt-2 text-sm">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-fg-muted">{t("admin.deliveries.attempt.at")}</dt>
              <dd>
                <time dateTime={a.startedAt.toISOString()}>{when.format(a.startedAt)}</time>
              </dd>
              <dt className="text-fg-muted">{t("admin.deliveries.attempt.result")}</dt>
              <dd className="break-words">{a.status ?? a.error ?? t("admin.deliveries.noAnswer")}</dd>
              <dt className="text-fg-muted">{t("admin.deliveries.attempt.latency")}</dt>
              <dd className="tabular-nums">{t("admin.deliveries.ms", { ms: a.latencyMs })}</dd>
              <dt className="text-fg-muted">{t("admin.deliveries.attempt.body")}</dt>
              <dd>
                {/* Up to a kilobyte: a box of its own that scrolls, reachable by keyboard (axe: scrollable-region-focusable). */}
                <pre
                  className="max-h-40 overflow-auto font-mono text-xs break-all whitespace-pre-wrap"
                  role="region"
                  aria-label={t("admin.deliveries.attempt.bodyOf", { n: i + 1 })}
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                  tabIndex={0}
                >
                  {a.responseExcerpt || t("admin.deliveries.emptyBody")}
                </pre>
              </dd>
            </dl>
          </li>
        ))}
      </ol>
    </details>
  );
}

import { RefreshWhileWaiting } from "@/app/admin/events/[id]/deliveries/_components/refresh-while-waiting";
import { Alert } from "@/components/ui/alert";
import type { Watched } from "@/lib/admin/events/delivery-log";
import type { Translate } from "@/lib/i18n/translate";

/** The delivery just resent or tested: its result once it lands; until then a status line and a poll. */
export function WatchedDelivery({ watched, t, when }: { watched: Watched; t: Translate; when: Intl.DateTimeFormat }) {
  const { delivery: d, type } = watched;
  const result = d.lastStatus !== null ? String(d.lastStatus) : (d.lastError ?? t("admin.deliveries.noAnswer"));
  const text = !watched.landed
    ? t("admin.deliveries.watched.waiting", { type })
    : watched.logState === "delivered"
      ? t("admin.deliveries.watched.delivered", { type, code: d.lastStatus ?? "", ms: d.lastLatencyMs ?? 0 })
      : watched.logState === "failing"
        ? t("admin.deliveries.watched.failing", { type, result, next: when.format(d.nextAttemptAt) })
        : t("admin.deliveries.watched.abandoned", { type, result });
  const tone = !watched.landed ? "info" : watched.logState === "delivered" ? "success" : "error";
  return (
    <div role="status" data-testid="watched-delivery" data-state={watched.landed ? watched.logState : "waiting"}>
      <Alert tone={tone} title={t("admin.deliveries.watched.heading", { id: d.id })}>
        {text}
      </Alert>
      {watched.landed ? null : <RefreshWhileWaiting />}
    </div>
  );
}

import "server-only";
import { getDb } from "@/lib/db";
import { APPLICATION_LOG_LIMIT, listApplicationEventLog, logStateOf, type ApplicationLogRow, type LogState } from "@/lib/db/event-log";

// The staff application page's section of the events sent to the merchant's systems (one query).

export type ApplicationLogEntry = ApplicationLogRow & { logState: LogState | null; leased: boolean };

export async function applicationEventLog(applicationId: string, now = new Date()) {
  const rows = await listApplicationEventLog(await getDb(), applicationId);
  return {
    rows: rows.map((r) => ({
      ...r,
      logState: r.delivery ? logStateOf(r.delivery) : null,
      leased: Boolean(r.delivery && r.delivery.state === "pending" && r.delivery.leaseUntil && r.delivery.leaseUntil > now),
    })),
    cut: rows.length >= APPLICATION_LOG_LIMIT,
    limit: APPLICATION_LOG_LIMIT,
  };
}

import "server-only";
import { and, sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/rows";
import { APPLICATION_STATES, type ApplicationState } from "@/lib/db/schema";
import { tallies } from "@/lib/db/tallies";
import { ATTENTION_STATES, whereOf, type QueueFilter } from "@/lib/db/work-queue";
import type { Database } from "@/lib/db/types";

// The work queue's tab counts at any size: exact from the tallies when only the product and days filter, else each
// state counted up to a cap (a million rows took a second to count on every page view).

/** A tab counted past this many shows "10,000+". */
export const QUEUE_COUNT_CAP = 10_000;

const byTallies = (f: QueueFilter) => !f.attention && !f.overdueBefore && f.assignedTo === undefined && !f.search;

/**
 * Each state's count; `atLeast`: that count stopped short (a large result is not counted whole), shown "n+".
 * `byState: false`: a search matched more than `total` (the cap), and the states were not counted at all.
 */
export type QueueCounts = {
  counts: Partial<Record<ApplicationState, number>>;
  atLeast: Partial<Record<ApplicationState, boolean>>;
  byState?: false;
  total?: number;
};

/**
 * How many applications each state holds under the other filters (the queue's tabs): exact off the tallies when only
 * product and days filter; with a search, its first cap + 1 matches (its index finds them) per state, unless more than
 * `cap` match (then only that); under the other filters each state counted up to `cap`.
 */
export async function countQueueByState(db: Database, f: QueueFilter, cap = QUEUE_COUNT_CAP): Promise<QueueCounts> {
  if (byTallies(f)) {
    // The queue's day filter ends on the day's last millisecond (inclusive); the tallies take an exclusive end.
    const rows = await tallies(db, { from: f.from, to: f.to && new Date(f.to.getTime() + 1), productId: f.productId });
    const counts: Partial<Record<ApplicationState, number>> = {};
    for (const r of rows) counts[r.state] = (counts[r.state] ?? 0) + r.n;
    return { counts, atLeast: {} };
  }
  if (f.search) {
    const result = await db.execute(
      sql`select state, count(*)::int as n from (select applications.state from applications where ${whereOf(f, false)} limit ${cap + 1}) m group by state`,
    );
    const rows = rowsOf<{ state: ApplicationState; n: number | string }>(result).map((r) => [r.state, Number(r.n)] as const);
    // Past the cap the matches read are not a fair share of each state (the index returns them in its own order):
    // only the total is known.
    if (rows.reduce((sum, [, n]) => sum + n, 0) > cap) return { counts: {}, atLeast: {}, byState: false, total: cap };
    return { counts: Object.fromEntries(rows), atLeast: {} };
  }
  const attention = f.attention || f.overdueBefore;
  const poisoned = sql`applications.cardholder_id = any(array(select w.cardholder_id from webhook_inbox w where w.state = 'poisoned'))`;
  const upTo = (state: ApplicationState) => {
    // Outside the pile's own states only a poisoned event's cardholder needs a person: said outright, so the count
    // reads those few rows instead of every draft (the same rule, attentionSql).
    const only = attention && !(ATTENTION_STATES as readonly string[]).includes(state) ? poisoned : undefined;
    return sql`(select count(*) from (select 1 from applications where ${and(sql`applications.state = ${state}`, whereOf(f, false), only)} limit ${cap + 1}) s)::int`;
  };
  const result = await db.execute(
    sql`select ${sql.join(
      APPLICATION_STATES.map((s) => sql`${upTo(s)} as ${sql.identifier(s)}`),
      sql`, `,
    )}`,
  );
  const row = rowsOf<Record<ApplicationState, number | string>>(result)[0];
  const found = APPLICATION_STATES.map((s) => [s, Number(row?.[s] ?? 0)] as const).filter(([, n]) => n !== 0);
  return {
    counts: Object.fromEntries(found.map(([s, n]) => [s, Math.min(n, cap)])),
    atLeast: Object.fromEntries(found.filter(([, n]) => n > cap).map(([s]) => [s, true])),
  };
}

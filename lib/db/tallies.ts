import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "@/lib/db/rows";
import type { ApplicationState } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Counts of applications by creation time at any size (migration 0026): whole UTC days from the folded tallies and the
// changes not folded yet, the partial days at either end of a period (days in a staff member's zone) from the rows.

export type TallyScope = { from?: Date; to?: Date; productId?: string };

/** Applications of one key (n of them) in the scope. */
export type Tally = {
  state: ApplicationState;
  withKyc: boolean;
  verifiedWaiting: boolean;
  submitted: boolean;
  approved: boolean;
  issued: boolean;
  /** Of a failed or rejected application, else null. */
  failureCode: string | null;
  /** Of a draft, else null. */
  lastStep: string | null;
  n: number;
};

const DAY_MS = 86_400_000;
/** A fold of this many changes vacuums their table. */
const VACUUM_AFTER = 1_000;
const KEY = sql.raw(`state, with_kyc, verified_waiting, submitted, approved, issued, failure_code, last_step`);

/** The whole UTC days inside [from, to): from the first midnight at or after `from` to the last at or before `to`. */
export function wholeDays(scope: Pick<TallyScope, "from" | "to">): { first?: Date; end?: Date } {
  const first = scope.from ? new Date(Math.ceil(scope.from.getTime() / DAY_MS) * DAY_MS) : undefined;
  const end = scope.to ? new Date(Math.floor(scope.to.getTime() / DAY_MS) * DAY_MS) : undefined;
  return { first, end };
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The applications created in [from, to) (either end open when absent) of one product or all, counted per key. */
export async function tallies(db: Database, scope: TallyScope): Promise<Tally[]> {
  const { first, end } = wholeDays(scope);
  const product = scope.productId ? sql`and product_id = ${scope.productId}` : sql``;
  // A period inside one day (or ending before its first midnight) is all edge: read its rows only.
  const split = !first || !end || first < end;
  const dayRange = sql`${first ? sql`day >= ${day(first)}::date` : sql`true`} and ${end ? sql`day < ${day(end)}::date` : sql`true`}`;
  const edges: SQL[] = [];
  if (!split)
    edges.push(
      sql`(${scope.from ? sql`created_at >= ${at(scope.from)}` : sql`true`} and ${scope.to ? sql`created_at < ${at(scope.to)}` : sql`true`})`,
    );
  else {
    if (scope.from && first && first > scope.from) edges.push(sql`(created_at >= ${at(scope.from)} and created_at < ${at(first)})`);
    if (scope.to && end && end < scope.to) edges.push(sql`(created_at >= ${at(end)} and created_at < ${at(scope.to)})`);
  }
  const whole = split
    ? sql`select ${KEY}, n from application_tallies where ${dayRange} ${product}
      union all select ${KEY}, n from application_tally_changes where ${dayRange} ${product}`
    : sql`select ${KEY}, 0 as n from application_tallies where false`;
  const rows = edges.length
    ? sql`union all select ${KEY}, n from (
        select t.* from applications a cross join lateral application_tally_of(a) t
        where (${sql.join(edges, sql` or `)}) ${scope.productId ? sql`and a.product_id = ${scope.productId}` : sql``}) edge`
    : sql``;
  const result = await db.execute(sql`
    select ${KEY}, sum(n)::integer as n from (${whole} ${rows}) t
    group by ${KEY} having sum(n) <> 0`);
  type Raw = {
    state: ApplicationState;
    with_kyc: boolean;
    verified_waiting: boolean;
    submitted: boolean;
    approved: boolean;
    issued: boolean;
    failure_code: string;
    last_step: string;
    n: number | string;
  };
  return rowsOf<Raw>(result).map((r) => ({
    state: r.state,
    withKyc: r.with_kyc,
    verifiedWaiting: r.verified_waiting,
    submitted: r.submitted,
    approved: r.approved,
    issued: r.issued,
    failureCode: r.state === "failed" || r.state === "kyc_rejected" ? r.failure_code || null : null,
    lastStep: r.state === "draft" ? r.last_step || null : null,
    n: Number(r.n),
  }));
}

/**
 * Folds the changes the trigger appended into the tallies, in one statement (safe on several instances at once: a
 * change another instance already deleted is skipped); the number of changes folded.
 */
export async function foldTallyChanges(db: Database, vacuumAfter = VACUUM_AFTER): Promise<number> {
  const result = await db.execute(sql`
    with moved as (delete from application_tally_changes returning day, product_id, ${KEY}, n),
    summed as (
      insert into application_tallies select day, product_id, ${KEY}, sum(n)::integer from moved
      group by day, product_id, ${KEY}
      on conflict on constraint application_tallies_pk do update set n = application_tallies.n + excluded.n
    )
    select count(*)::integer as folded from moved`);
  const folded = Number(rowsOf<{ folded: number | string }>(result)[0]?.folded ?? 0);
  // A key every application left (all moved on, or were deleted) is dropped rather than kept at zero.
  if (folded > 0) await db.execute(sql`delete from application_tallies where n = 0`);
  // PGlite runs no autovacuum: without this the folded rows' space would never be reused.
  if (folded >= vacuumAfter) await db.execute(sql`vacuum application_tally_changes`);
  return folded;
}

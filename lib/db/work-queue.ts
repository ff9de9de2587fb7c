import "server-only";
import { and, count, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { applications, staffUsers, type ApplicationState } from "@/lib/db/schema";
import { afterCursor, keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import type { Database } from "@/lib/db/types";

// The staff work queue's queries: filters, blind-index search, keyset pagination, counts per state.

export type QueueSearch =
  | { kind: "id"; value: string }
  | { kind: "cardholder"; value: string }
  | { kind: "email"; entry: string }
  | { kind: "name"; entries: string[] }
  /** A short reference ("K7QF-2M9X", lib/applications/reference.ts): an id prefix; it may also be a name. */
  | { kind: "reference"; prefix: string; seventh: string[]; entries: string[] };

export type QueueFilter = {
  states?: readonly ApplicationState[];
  productId?: string;
  from?: Date;
  to?: Date;
  attention?: boolean;
  assignedTo?: string;
  search?: QueueSearch;
  now: Date;
};
export type QueueSort = "created_desc" | "created_asc" | "updated_desc";

/** Waiting for the identity check this long puts an application on the "needs attention" list. */
export const KYC_WAIT_ATTENTION_MS = 24 * 3_600_000;
/** A card issuance claimed this long ago and still running is retrying. */
export const ISSUANCE_RETRY_ATTENTION_MS = 60_000;

const a = applications;

/** Failed, rejected, waiting for the identity check over 24 h, card issuance retrying, or a poisoned webhook event. */
export function attentionSql(now: Date): SQL {
  return sql`(${a.state} in ('failed', 'kyc_rejected')
    or (${a.state} = 'kyc_pending' and coalesce(${a.submittedAt}, ${a.createdAt}) < ${new Date(now.getTime() - KYC_WAIT_ATTENTION_MS).toISOString()}::timestamptz)
    or (${a.state} = 'card_issuing' and ${a.cardClaimedAt} < ${new Date(now.getTime() - ISSUANCE_RETRY_ATTENTION_MS).toISOString()}::timestamptz)
    or exists (select 1 from webhook_inbox w where w.cardholder_id = ${a.cardholderId} and w.state = 'poisoned'))`;
}

function searchSql(search: QueueSearch): SQL {
  switch (search.kind) {
    case "id":
      return eq(a.id, search.value);
    case "cardholder":
      return eq(a.cardholderId, search.value);
    case "email":
      return eq(a.emailIndex, search.entry);
    case "name":
      return nameSql(search.entries);
    case "reference": {
      const seventh = sql.join(
        search.seventh.map((c) => sql`${c}`),
        sql`, `,
      );
      const byId = sql`(left(${a.id}, ${search.prefix.length}) = ${search.prefix} and substr(${a.id}, ${search.prefix.length + 1}, 1) in (${seventh}))`;
      return search.entries.length > 0 ? sql`(${byId} or ${nameSql(search.entries)})` : byId;
    }
  }
}

function nameSql(entries: string[]): SQL {
  return sql`${a.nameIndex} @> ARRAY[${sql.join(
    entries.map((e) => sql`${e}`),
    sql`, `,
  )}]::text[]`;
}

export function whereOf(f: QueueFilter, withStates = true): SQL | undefined {
  return and(
    withStates && f.states?.length ? inArray(a.state, [...f.states]) : undefined,
    f.productId ? eq(a.productId, f.productId) : undefined,
    f.from ? gte(a.createdAt, f.from) : undefined,
    f.to ? lte(a.createdAt, f.to) : undefined,
    f.attention ? attentionSql(f.now) : undefined,
    f.assignedTo ? eq(a.assignedTo, f.assignedTo) : undefined,
    f.search ? searchSql(f.search) : undefined,
  );
}

function order(sort: QueueSort, cursor: KeysetCursor | undefined) {
  const column = sort === "updated_desc" ? a.updatedAt : a.createdAt;
  const ascending = sort === "created_asc";
  return { column, after: afterCursor(cursor, column, a.id, ascending), by: keysetOrder(column, a.id, ascending) };
}

/** One page of the queue (and whether there is more), with the name of the staff member holding each. */
export async function listQueue(db: Database, f: QueueFilter, sort: QueueSort, cursor: KeysetCursor | undefined, limit: number) {
  const o = order(sort, cursor);
  const rows = await db
    .select({ app: a, sortAt: o.column, assigneeName: staffUsers.name, assigneeEmail: staffUsers.email })
    .from(a)
    .leftJoin(staffUsers, eq(staffUsers.id, a.assignedTo))
    .where(and(whereOf(f), o.after))
    .orderBy(...o.by)
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** How many applications each state holds under the other filters (the queue's tabs). */
export async function countQueueByState(db: Database, f: QueueFilter): Promise<Partial<Record<ApplicationState, number>>> {
  const rows = await db.select({ state: a.state, n: count() }).from(a).where(whereOf(f, false)).groupBy(a.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

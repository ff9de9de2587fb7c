import "server-only";
import { and, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
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
  /** In the pile and in their state since before this (ADMIN_ATTENTION_HOURS ago): overdue. */
  overdueBefore?: Date;
  /** A staff member's id, or null for the applications nobody holds. */
  assignedTo?: string | null;
  search?: QueueSearch;
  now: Date;
};
export type QueueSort = "created_desc" | "created_asc" | "updated_desc" | "since_asc" | "since_desc";

/** Waiting for the identity check this long puts an application on the "needs attention" list. */
export const KYC_WAIT_ATTENTION_MS = 24 * 3_600_000;
/** A card issuance claimed this long ago and still running is retrying. */
export const ISSUANCE_RETRY_ATTENTION_MS = 60_000;

/** The states that put an application in the pile by themselves; any other needs a poisoned webhook event (reasonsSql). */
export const ATTENTION_STATES = ["failed", "kyc_rejected", "kyc_pending", "card_issuing"] as const satisfies readonly ApplicationState[];

/** In the pile and in its state since before this (ADMIN_ATTENTION_HOURS ago), an item is overdue. */
export const overdueBefore = (now: Date, attentionHours: number) => new Date(now.getTime() - attentionHours * 3_600_000);

const a = applications;

/**
 * What still needs a person: a reason below, unless staff set it aside (resolved, or snoozed) and nothing new
 * happened since. "New" is a timeline event (application_events: a state change or a step) with an id above the
 * newest one at the resolution, or a webhook event about its cardholder received after it and poisoned.
 */
export function attentionSql(now: Date): SQL {
  return sql`(${reasonsSql(now)} and not ${setAsideSql(now)})`;
}

/** Set aside by staff: resolved, the snooze (if any) still running, nothing new since (see attentionSql). */
function setAsideSql(now: Date): SQL {
  return sql`(${a.attentionResolvedAt} is not null
    and (${a.attentionSnoozedUntil} is null or ${a.attentionSnoozedUntil} > ${now.toISOString()}::timestamptz)
    and not exists (select 1 from application_events e where e.application_id = ${a.id} and e.id > ${a.attentionEventId})
    and not exists (select 1 from webhook_inbox w where w.cardholder_id = ${a.cardholderId} and w.state = 'poisoned'
      and w.received_at > ${a.attentionResolvedAt}))`;
}

/** Failed, rejected, waiting for the identity check over 24 h, card issuance retrying, or a poisoned webhook event. */
export function reasonsSql(now: Date): SQL {
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
    f.attention || f.overdueBefore ? attentionSql(f.now) : undefined,
    f.overdueBefore ? lt(a.stateSince, f.overdueBefore) : undefined,
    f.assignedTo === null ? isNull(a.assignedTo) : f.assignedTo ? eq(a.assignedTo, f.assignedTo) : undefined,
    f.search ? searchSql(f.search) : undefined,
  );
}

const SORT_COLUMNS = {
  created_desc: a.createdAt,
  created_asc: a.createdAt,
  updated_desc: a.updatedAt,
  since_asc: a.stateSince,
  since_desc: a.stateSince,
};

function order(sort: QueueSort, cursor: KeysetCursor | undefined, backward: boolean) {
  const column = SORT_COLUMNS[sort];
  // Time in state, longest first: the oldest state_since first. Paging back walks the same order reversed.
  const ascending = (sort === "created_asc" || sort === "since_asc") !== backward;
  return { column, after: afterCursor(cursor, column, a.id, ascending), by: keysetOrder(column, a.id, ascending) };
}

/**
 * One page of the queue (and whether there is more), with the name of the staff member holding each. `backward`: the
 * `limit` rows just before the cursor, still in the sort's order; `more` then says whether rows come before them.
 */
export async function listQueue(
  db: Database,
  f: QueueFilter,
  sort: QueueSort,
  cursor: KeysetCursor | undefined,
  limit: number,
  backward = false,
) {
  const o = order(sort, cursor, backward);
  const rows = await db
    .select({
      app: a,
      sortAt: o.column,
      assigneeName: staffUsers.name,
      assigneeEmail: staffUsers.email,
      attention: sql<boolean>`${attentionSql(f.now)}`.mapWith(Boolean),
    })
    .from(a)
    .leftJoin(staffUsers, eq(staffUsers.id, a.assignedTo))
    .where(and(whereOf(f), o.after))
    .orderBy(...o.by)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: backward ? page.reverse() : page, more: rows.length > limit };
}

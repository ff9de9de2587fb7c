import "server-only";
import { and, asc, desc, eq, gte, inArray, isNull, lte, notExists, or, sql, type SQL } from "drizzle-orm";
import { applications, CLEAR_TRANSACTION_FIELDS, cardTransactions, recordedCards, type CardTransaction } from "@/lib/db/schema";
import { afterCursor, keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import { recordEvent } from "@/lib/db/event-outbox";
import type { Database } from "@/lib/db/types";
import { rowsOf } from "@/lib/db/rows";

/**
 * One row per transaction id: a redelivered authorization changes nothing (answers false). A new one writes the
 * outbound card.transaction.authorized event in the same transaction (call it inside one).
 */
export async function insertCardTransaction(db: Database, row: typeof cardTransactions.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(cardTransactions)
    .values(row)
    .onConflictDoNothing({ target: cardTransactions.transactionId })
    .returning({ id: cardTransactions.transactionId });
  if (inserted.length === 0) return false;
  // Under the application's row lock, as its moves are: its events' `seq` then follows their commit order.
  const [app] = await db
    .select({ id: applications.id, merchantReference: applications.merchantReference })
    .from(applications)
    .where(eq(applications.cardId, row.cardId))
    .limit(1)
    .for("update");
  const now = row.createdAt ?? new Date();
  // The clear fields only (ids, amounts, currencies, time, status): the merchant and other details stay sealed.
  const data = {
    application_id: app?.id ?? null,
    merchant_reference: app?.merchantReference ?? null,
    transaction_id: row.transactionId,
    card_id: row.cardId,
    transaction_type: row.transactionType,
    transaction_status: row.transactionStatus,
    transaction_amount: row.transactionAmount,
    transaction_currency: row.transactionCurrency,
    billing_amount: row.billingAmount,
    billing_currency: row.billingCurrency,
    transaction_time: row.transactionTime,
    occurred_at: now.toISOString(),
  };
  await recordEvent(db, { type: "card.transaction.authorized", applicationId: app?.id ?? null, data, now });
  return true;
}

const clearFields = sql`array[${sql.join(
  CLEAR_TRANSACTION_FIELDS.map((f) => sql`${f}`),
  sql`, `,
)}]::text[]`;

/**
 * Reduces the transactions `which` selects to their clear fields (ids, amounts, currencies, times, statuses): the
 * sealed details go, and so does any other field of `data` (rows stored before the details were sealed kept the
 * whole event). Answers how many rows changed.
 */
export async function stripCardTransactions(db: Database, which: SQL): Promise<number> {
  const result = await db.execute(sql`
    update ${cardTransactions}
    set details_sealed = null,
      data = (select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(data) e where e.key = any(${clearFields}))
    where (${which}) and (details_sealed is not null or exists (select 1 from jsonb_object_keys(data) k where k <> all(${clearFields})))
    returning 1 as done`);
  return rowsOf(result).length;
}

/** Rows stored before the details were sealed (the whole event in `data`), a batch at a time. */
export async function transactionsWithClearDetails(db: Database, limit: number) {
  return db
    .select()
    .from(cardTransactions)
    .where(
      and(
        isNull(cardTransactions.detailsSealed),
        sql`exists (select 1 from jsonb_object_keys(${cardTransactions.data}) k where k <> all(${clearFields}))`,
      ),
    )
    .limit(limit);
}

/** Replaces a row's data with its clear part and sealed details, unless it changed meanwhile. */
export async function setTransactionDetails(db: Database, id: string, data: Record<string, unknown>, detailsSealed: string | null) {
  await db
    .update(cardTransactions)
    .set({ data, detailsSealed })
    .where(and(eq(cardTransactions.transactionId, id), isNull(cardTransactions.detailsSealed)));
}

export type TransactionFilter = {
  cardId?: string;
  lastFour?: string;
  cardholderId?: string;
  status?: string;
  type?: string;
  currency?: string;
  from?: Date;
  to?: Date;
};
/** Newest recorded first; the cursor is the last row of the previous page. */

function where(f: TransactionFilter, after?: KeysetCursor): SQL | undefined {
  return and(
    f.cardId ? eq(cardTransactions.cardId, f.cardId) : undefined,
    // card_transactions_last_four_idx is built on this very expression.
    f.lastFour ? sql`right(${cardTransactions.maskedCardNumber}, 4) = ${f.lastFour}` : undefined,
    f.cardholderId ? eq(cardTransactions.cardholderId, f.cardholderId) : undefined,
    f.status ? eq(cardTransactions.transactionStatus, f.status) : undefined,
    f.type ? eq(cardTransactions.transactionType, f.type) : undefined,
    f.currency ? eq(cardTransactions.transactionCurrency, f.currency) : undefined,
    f.from ? gte(cardTransactions.createdAt, f.from) : undefined,
    f.to ? lte(cardTransactions.createdAt, f.to) : undefined,
    afterCursor(after, cardTransactions.createdAt, cardTransactions.transactionId),
  );
}

/** One page (and whether there is more) of the authorizations under a filter. */
export async function listCardTransactions(db: Database, filter: TransactionFilter, after: KeysetCursor | undefined, limit: number) {
  const rows = await db
    .select()
    .from(cardTransactions)
    .where(where(filter, after))
    .orderBy(...keysetOrder(cardTransactions.createdAt, cardTransactions.transactionId))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The statuses, types and currencies seen so far (the filters' options). */
export async function transactionFacets(db: Database): Promise<{ statuses: string[]; types: string[]; currencies: string[] }> {
  const distinct = async (column: "transaction_status" | "transaction_type" | "transaction_currency") =>
    rowsOf<{ v: string }>(await db.execute(sql`select distinct ${sql.identifier(column)} as v from ${cardTransactions} order by 1`)).map(
      (r) => r.v,
    );
  const [statuses, types, currencies] = await Promise.all([
    distinct("transaction_status"),
    distinct("transaction_type"),
    distinct("transaction_currency"),
  ]);
  return { statuses, types, currencies };
}

/** Cards seen in authorizations that no application holds nor reconciliation recorded: the portal did not issue them (or lost track). */
export async function listUnknownCards(db: Database, limit: number) {
  return db
    .select({
      cardId: cardTransactions.cardId,
      maskedNumber: sql<string | null>`max(${cardTransactions.maskedCardNumber})`,
      cardholderId: sql<string | null>`max(${cardTransactions.cardholderId})`,
      count: sql<number>`count(*)::int`,
      lastAt: sql<Date>`max(${cardTransactions.createdAt})`.mapWith(cardTransactions.createdAt),
    })
    .from(cardTransactions)
    .where(
      and(
        notExists(
          db
            .select({ one: sql`1` })
            .from(applications)
            .where(eq(applications.cardId, cardTransactions.cardId)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(recordedCards)
            .where(eq(recordedCards.cardId, cardTransactions.cardId)),
        ),
      ),
    )
    .groupBy(cardTransactions.cardId)
    .orderBy(desc(sql`max(${cardTransactions.createdAt})`))
    .limit(limit);
}

/** The masked number the authorizations of each card carried (cards pages: the portal does not store one). */
export async function maskedNumbersOf(db: Database, cardIds: string[]): Promise<Record<string, string>> {
  if (cardIds.length === 0) return {};
  const rows = await db
    .select({ cardId: cardTransactions.cardId, masked: sql<string | null>`max(${cardTransactions.maskedCardNumber})` })
    .from(cardTransactions)
    .where(inArray(cardTransactions.cardId, cardIds))
    .groupBy(cardTransactions.cardId);
  return Object.fromEntries(rows.flatMap((r) => (r.masked ? [[r.cardId, r.masked]] : [])));
}

/**
 * The authorizations of some cardholders or cards, oldest recorded first: the one place that reads a person's
 * transactions (the privacy export), so a change in how they are stored changes here only.
 */
export async function listTransactionsOf(db: Database, of: { cardholderIds: string[]; cardIds: string[] }): Promise<CardTransaction[]> {
  const any = [
    of.cardholderIds.length ? inArray(cardTransactions.cardholderId, of.cardholderIds) : undefined,
    of.cardIds.length ? inArray(cardTransactions.cardId, of.cardIds) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (any.length === 0) return [];
  return db
    .select()
    .from(cardTransactions)
    .where(or(...any))
    .orderBy(asc(cardTransactions.createdAt), asc(cardTransactions.transactionId));
}

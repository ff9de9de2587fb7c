import "server-only";
import { keyOwners, ownerKeyring, readingKeyring } from "@/lib/crypto/data-keys";
import { keyDestroyed, open, seal, type Keyring } from "@/lib/crypto/secret-box";
import { setTransactionDetails, transactionsWithClearDetails } from "@/lib/db/card-transactions";
import type { CardTransaction } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { isPlainObject } from "@/lib/dotted-paths";
import { CLEAR_TRANSACTION_FIELDS } from "@/lib/db/schema";

// The personal part of a card authorization (where and what the person bought, the card's balance) is sealed with
// the data key of the cardholder (or of the card when the event names no cardholder); ids, amounts, currencies,
// fees, times and statuses stay clear for the staff pages' filters and totals. The one place that seals and opens it.

const CLEAR = new Set<string>(CLEAR_TRANSACTION_FIELDS);

/** The data key's owner of a transaction: its cardholder, else its card. */
export const transactionOwner = (t: { cardholderId: string | null; cardId: string }) =>
  t.cardholderId ? keyOwners.cardholder(t.cardholderId) : keyOwners.card(t.cardId);

/** The event's data split into what stays clear and what is personal (null when there is nothing personal). */
export function splitTransactionData(data: Record<string, unknown>) {
  const clear: Record<string, unknown> = {};
  const personal: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) (CLEAR.has(key) ? clear : personal)[key] = value;
  return { clear, personal: Object.keys(personal).length ? personal : null };
}

/**
 * The columns of a new transaction's data: the personal part sealed with its owner's key, or dropped when that key
 * was destroyed (an erased cardholder: amount and time are kept, nothing else).
 */
export async function transactionDataColumns(keys: Keyring, db: Database, owner: string, data: Record<string, unknown>) {
  const { clear, personal } = splitTransactionData(data);
  const ring = personal ? await ownerKeyring(keys, db, owner) : null;
  return { data: clear, detailsSealed: personal && ring ? seal(JSON.stringify(personal), ring) : null };
}

/** Transactions stored before their details were sealed: split and sealed like new ones; answers how many. */
export async function sealLegacyTransactions(keys: Keyring, db: Database, limit: number): Promise<number> {
  const rows = await transactionsWithClearDetails(db, limit);
  for (const row of rows) {
    const columns = await transactionDataColumns(keys, db, transactionOwner(row), row.data);
    await setTransactionDetails(db, row.transactionId, columns.data, columns.detailsSealed);
  }
  return rows.length;
}

/** What a stored transaction says: `details` opened, or why not (never stored, removed, key destroyed, unreadable). */
export type OpenedTransaction = CardTransaction & {
  details: Record<string, unknown>;
  detailsState: "open" | "none" | "erased" | "unreadable";
};

/** Opens a page of transactions with one key lookup; what cannot be opened reads as empty, with the reason. */
export async function openTransactions(keys: Keyring, db: Database, rows: CardTransaction[]): Promise<OpenedTransaction[]> {
  const ring = await readingKeyring(
    keys,
    db,
    rows.map((r) => r.detailsSealed),
  );
  return rows.map((row) => {
    const sealed = row.detailsSealed;
    if (!sealed) return { ...row, details: {}, detailsState: "none" as const };
    if (keyDestroyed(sealed, ring)) return { ...row, details: {}, detailsState: "erased" as const };
    try {
      const value: unknown = JSON.parse(open(sealed, ring));
      return { ...row, details: isPlainObject(value) ? value : {}, detailsState: "open" as const };
    } catch {
      return { ...row, details: {}, detailsState: "unreadable" as const };
    }
  });
}

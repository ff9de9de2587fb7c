import "server-only";
import { z } from "zod";
import { dayParam } from "@/lib/admin/day-filter";
import { recordStaffAction } from "@/lib/audit/record";
import { keysetCsv } from "@/lib/admin/csv";
import { dayEnd, dayStart } from "@/lib/admin/keyset";
import { decodeCursor, encodeCursor, type KeysetCursor } from "@/lib/db/keyset";
import type { Staff } from "@/lib/auth/current-staff";
import { getDb } from "@/lib/db";
import { listCardTransactions, transactionFacets, type TransactionFilter } from "@/lib/db/card-transactions";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { Database } from "@/lib/db/types";
import { openTransactions, type OpenedTransaction } from "@/lib/webhooks/transaction-details";

// Card authorizations recorded from webhooks: filters in the URL, keyset pages, a streamed CSV export.

export const TRANSACTION_PAGE_SIZE = 50;
const EXPORT_BATCH = 500;
const word = z.string().trim().max(100).optional().catch(undefined);

export const transactionParamsSchema = z.object({
  card: word,
  status: word,
  type: word,
  currency: word,
  from: dayParam,
  to: dayParam,
  after: z.string().max(300).optional().catch(undefined),
});
export type TransactionParams = z.infer<typeof transactionParamsSchema>;

/** The card filter's text: four digits are a card's last four, `ch_…` a cardholder, anything else a card id. */
function cardFilterOf(card: string | undefined): Pick<TransactionFilter, "cardId" | "lastFour" | "cardholderId"> {
  if (!card) return {};
  if (/^\d{4}$/.test(card)) return { lastFour: card };
  if (/^ch_[\w-]+$/.test(card)) return { cardholderId: card };
  return { cardId: card };
}

/** The URL's filters; its days are read in the staff member's zone. */
export const transactionFilterOf = (p: TransactionParams, timeZone?: string): TransactionFilter => ({
  ...cardFilterOf(p.card),
  status: p.status || undefined,
  type: p.type || undefined,
  currency: p.currency || undefined,
  from: dayStart(p.from, timeZone),
  to: dayEnd(p.to, timeZone),
});

/**
 * A row for the page and the CSV. The personal details (merchant, description) are opened with the cardholder's
 * key; an erasure or the log retention removed them, or destroyed the key: they read as null, `details` says why.
 */
export type TransactionRow = {
  transactionId: string;
  cardId: string;
  cardholderId: string | null;
  maskedCardNumber: string | null;
  type: string;
  status: string;
  amount: string;
  currency: string;
  billingAmount: string;
  billingCurrency: string;
  fee: string | null;
  feeCurrency: string | null;
  merchantName: string | null;
  merchantCity: string | null;
  merchantCountry: string | null;
  merchantCategory: string | null;
  details: OpenedTransaction["detailsState"];
  transactionTime: string;
  recordedAt: string;
};

const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

export function transactionRowOf(t: OpenedTransaction): TransactionRow {
  const data: Record<string, unknown> = { ...t.data, ...t.details };
  const merchants = Array.isArray(data.merchant_data) ? (data.merchant_data as unknown[]) : [];
  const merchant = merchants[0] !== null && typeof merchants[0] === "object" ? (merchants[0] as Record<string, unknown>) : {};
  return {
    transactionId: t.transactionId,
    cardId: t.cardId,
    cardholderId: t.cardholderId,
    maskedCardNumber: t.maskedCardNumber,
    type: t.transactionType,
    status: t.transactionStatus,
    amount: t.transactionAmount,
    currency: t.transactionCurrency,
    billingAmount: t.billingAmount,
    billingCurrency: t.billingCurrency,
    fee: text(data.transaction_fee),
    feeCurrency: text(data.transaction_fee_currency),
    merchantName: text(merchant.name),
    merchantCity: text(merchant.city),
    merchantCountry: text(merchant.country),
    merchantCategory: text(merchant.category_code),
    details: t.detailsState,
    transactionTime: t.transactionTime,
    recordedAt: t.createdAt.toISOString(),
  };
}

async function pageOf(db: Database, keys: Keyring, filter: TransactionFilter, after: KeysetCursor | undefined, size: number) {
  const page = await listCardTransactions(db, filter, after, size);
  const last = page.rows.at(-1);
  return {
    rows: (await openTransactions(keys, db, page.rows)).map(transactionRowOf),
    next: page.more && last ? { at: last.createdAt, id: last.transactionId } : undefined,
  };
}

/** One page under the URL's filters, with the filters' options. */
export async function transactionsPage(p: TransactionParams, db?: Database, keys: Keyring = getKeyring(), timeZone?: string) {
  const database = db ?? (await getDb());
  const [page, facets] = await Promise.all([
    pageOf(database, keys, transactionFilterOf(p, timeZone), decodeCursor(p.after), TRANSACTION_PAGE_SIZE),
    transactionFacets(database),
  ]);
  return { rows: page.rows, next: page.next ? encodeCursor(page.next) : undefined, facets };
}

const COLUMNS = [
  "transaction_id",
  "transaction_time",
  "recorded_at",
  "card_id",
  "card_number",
  "cardholder_id",
  "type",
  "status",
  "amount",
  "currency",
  "billing_amount",
  "billing_currency",
  "fee",
  "fee_currency",
  "merchant_name",
  "merchant_city",
  "merchant_country",
  "merchant_category",
] as const;

const csvRow = (r: TransactionRow) => [
  r.transactionId,
  r.transactionTime,
  r.recordedAt,
  r.cardId,
  r.maskedCardNumber,
  r.cardholderId,
  r.type,
  r.status,
  r.amount,
  r.currency,
  r.billingAmount,
  r.billingCurrency,
  r.fee,
  r.feeCurrency,
  r.merchantName,
  r.merchantCity,
  r.merchantCountry,
  r.merchantCategory,
];

/** The authorizations under the filter as CSV, a keyset page at a time (flat memory); the export is audited first. */
export async function exportTransactions(
  staff: Staff,
  p: TransactionParams,
  db?: Database,
  keys: Keyring = getKeyring(),
): Promise<ReadableStream<Uint8Array>> {
  const database = db ?? (await getDb());
  const filter = transactionFilterOf(p, staff.timeZone ?? undefined);
  await recordStaffAction(database, staff, "transactions.exported", { detail: { filter: { ...p, after: undefined } } });
  return keysetCsv<KeysetCursor>(COLUMNS, async (after) => {
    const page = await pageOf(database, keys, filter, after, EXPORT_BATCH);
    return { rows: page.rows.map(csvRow), next: page.next };
  });
}

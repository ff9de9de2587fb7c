import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";

// Every column that holds a sealed value (lib/crypto/secret-box.ts), for the background job that seals what
// 0.1 wrote in clear, moves what DATA_ENCRYPTION_KEY sealed to the data key of its owner, and re-seals what an
// older key sealed (lib/crypto/reseal.ts).

/**
 * `owner`: SQL naming the owner of the row's data key (lib/crypto/data-keys.ts), null for a row that belongs to
 * nobody (such values stay under DATA_ENCRYPTION_KEY). Constant text, never input.
 */
export type SealedColumn = { table: string; key: string; column: string; owner: string };

/** The application a call was made for: its id, or for calls logged before it was recorded, by the request ids it stored. */
const CALL_OWNER = `coalesce(application_id, (select a.id from applications a
  where upstream_requests.request_id in (a.cardholder_request_id, a.card_request_id) limit 1))`;

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: "applications", key: "id", column: "draft_ciphertext", owner: "id" },
  { table: "applications", key: "id", column: "resume_token_ciphertext", owner: "id" },
  { table: "applications", key: "id", column: "kyc_url", owner: "id" },
  { table: "application_files", key: "file_id", column: "file_name", owner: "application_id" },
  { table: "application_notes", key: "id", column: "body_sealed", owner: "application_id" },
  { table: "upstream_requests", key: "id", column: "request_body_sealed", owner: CALL_OWNER },
  { table: "webhook_inbox", key: "event_id", column: "body", owner: "'cardholder:' || cardholder_id" },
  // A message's recipient and links: its application's key; staff messages (no application) stay under DATA_ENCRYPTION_KEY.
  { table: "mail_outbox", key: "id", column: "payload_sealed", owner: "application_id" },
  // An outbound endpoint's signing secrets belong to no application: DATA_ENCRYPTION_KEY.
  { table: "event_endpoints", key: "id", column: "secret_sealed", owner: "null" },
  { table: "event_endpoints", key: "id", column: "previous_secret_sealed", owner: "null" },
  {
    table: "card_transactions",
    key: "transaction_id",
    column: "details_sealed",
    owner: "coalesce('cardholder:' || cardholder_id, 'card:' || card_id)",
  },
];

const id = (name: string) => sql.identifier(name);

/**
 * Values to seal again, in key order after `after`: those of an owner not yet under a data key (v3), those of no
 * owner not sealed with the key `currentPrefix` names; clear ones included ('' is data removed by retention).
 */
export async function staleSealedValues(db: Database, c: SealedColumn, currentPrefix: string, after: string, limit: number) {
  const owner = sql.raw(c.owner);
  const result = await db.execute(sql`
    select key, value, owner from (
      select ${id(c.key)}::text as key, ${id(c.column)} as value, ${owner} as owner from ${id(c.table)}
      where ${id(c.column)} is not null and ${id(c.column)} <> '' and left(${id(c.column)}, 3) <> 'v3.' and ${id(c.key)}::text > ${after}
    ) v
    where owner is not null or left(value, ${currentPrefix.length}) <> ${currentPrefix}
    order by key
    limit ${limit}`);
  return rowsOf<{ key: string; value: string; owner: string | null }>(result);
}

/** Replaces a value only if nobody changed it meanwhile (another instance, a new answer): nothing is lost. */
export async function replaceSealedValue(db: Database, c: SealedColumn, key: string, before: string, after: string): Promise<boolean> {
  const result = await db.execute(sql`
    update ${id(c.table)} set ${id(c.column)} = ${after}
    where ${id(c.key)}::text = ${key} and ${id(c.column)} = ${before}
    returning 1 as done`);
  return rowsOf(result).length > 0;
}

/** 0.1 kept upstream request bodies (redacted) in clear JSON: the next batch of them, with the application of each. */
export async function clearRequestBodies(db: Database, limit: number) {
  const result = await db.execute(
    sql`select id, request_body::text as body, ${sql.raw(CALL_OWNER)} as owner from upstream_requests where request_body is not null limit ${limit}`,
  );
  return rowsOf<{ id: number; body: string; owner: string | null }>(result);
}

export async function sealRequestBody(db: Database, rowId: number, sealed: string | null): Promise<void> {
  await db.execute(
    sql`update upstream_requests set request_body_sealed = ${sealed}, request_body = null where id = ${rowId} and request_body is not null`,
  );
}

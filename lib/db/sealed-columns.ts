import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";

// Every column that holds a sealed value (lib/crypto/secret-box.ts), for the background job that seals what
// 0.1 wrote in clear and re-seals what an older key sealed (lib/crypto/reseal.ts).

export type SealedColumn = { table: string; key: string; column: string };

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: "applications", key: "id", column: "draft_ciphertext" },
  { table: "applications", key: "id", column: "resume_token_ciphertext" },
  { table: "applications", key: "id", column: "kyc_url" },
  { table: "application_files", key: "file_id", column: "file_name" },
  { table: "upstream_requests", key: "id", column: "request_body_sealed" },
  { table: "webhook_inbox", key: "event_id", column: "body" },
];

const id = (name: string) => sql.identifier(name);

/** Values not sealed with the key `currentPrefix` names (clear ones included; '' is data removed by retention), in key order after `after`. */
export async function staleSealedValues(db: Database, c: SealedColumn, currentPrefix: string, after: string, limit: number) {
  const result = await db.execute(sql`
    select ${id(c.key)}::text as key, ${id(c.column)} as value from ${id(c.table)}
    where ${id(c.column)} is not null and ${id(c.column)} <> '' and left(${id(c.column)}, ${currentPrefix.length}) <> ${currentPrefix}
      and ${id(c.key)}::text > ${after}
    order by ${id(c.key)}::text
    limit ${limit}`);
  return rowsOf<{ key: string; value: string }>(result);
}

/** Replaces a value only if nobody changed it meanwhile (another instance, a new answer): nothing is lost. */
export async function replaceSealedValue(db: Database, c: SealedColumn, key: string, before: string, after: string): Promise<boolean> {
  const result = await db.execute(sql`
    update ${id(c.table)} set ${id(c.column)} = ${after}
    where ${id(c.key)}::text = ${key} and ${id(c.column)} = ${before}
    returning 1 as done`);
  return rowsOf(result).length > 0;
}

/** 0.1 kept upstream request bodies (redacted) in clear JSON: the next batch of them. */
export async function clearRequestBodies(db: Database, limit: number) {
  const result = await db.execute(
    sql`select id, request_body::text as body from upstream_requests where request_body is not null limit ${limit}`,
  );
  return rowsOf<{ id: number; body: string }>(result);
}

export async function sealRequestBody(db: Database, rowId: number, sealed: string): Promise<void> {
  await db.execute(
    sql`update upstream_requests set request_body_sealed = ${sealed}, request_body = null where id = ${rowId} and request_body is not null`,
  );
}

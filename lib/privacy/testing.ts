import { sql } from "drizzle-orm";
import type { Staff } from "@/lib/auth/current-staff";
import { keyOwners, ownerKeyrings } from "@/lib/crypto/data-keys";
import { keyringOf, seal, type Keyring } from "@/lib/crypto/secret-box";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";

// Applicants planted straight in the portal's tables for the privacy tests (export, erasure of a person): one row of
// each kind of personal data, so that what an erasure leaves can be read back.

export const keys = keyringOf("privacy test key, long enough to use it");

export const admin: Staff = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "admin@example.com",
  name: "Admin",
  role: "admin",
  ip: "10.0.0.9",
};

/** A valid application id (app_ and 22 characters) from a short name. */
export const appId = (name: string) => `app_${name.padEnd(22, "X")}`;

export type Planted = { state: string; cardholder?: string; email?: string; identity?: string; name?: string };

/**
 * One application with sealed answers, a document, a note, two upstream calls, a webhook event and a card
 * authorization, each sealed with its owner's data key as the portal seals them (lib/crypto/data-keys.ts).
 */
export async function plantApplicant(db: Database, id: string, p: Planted): Promise<void> {
  const name = p.name ?? "Grace";
  const holder = p.cardholder ? keyOwners.cardholder(p.cardholder) : undefined;
  const rings = await ownerKeyrings(keys, db, [id, ...(holder ? [holder] : [])]);
  const ringOf = (owner: string): Keyring => rings.get(owner) ?? keys;
  const mine = ringOf(id);
  const answers = { first_name: name, last_name: "Hopper", email: `${name.toLowerCase()}@example.com`, identity: { number: "X9988776" } };
  const card = p.cardholder ? `card_${id}` : null;
  await db.execute(sql`insert into applications (id, product_id, kyc_level, state, draft_ciphertext, resume_hash, resume_expires_at,
    cardholder_id, cardholder_request_id, card_id, kyc_url, email_index, identity_index)
    values (${id}, 'p', 'Standard', ${p.state}, ${seal(JSON.stringify(answers), mine)}, ${`h_${id}`}, now() + interval '1 day',
    ${p.cardholder ?? null}, ${`req_${id}`}, ${card}, ${seal("https://kyc.example/x", mine)}, ${p.email ?? null}, ${p.identity ?? null})`);
  await db.execute(sql`insert into application_files (file_id, application_id, field, file_name, file_type, size)
    values (${`file_${id}`}, ${id}, 'identity.front_file_id', ${seal(`${name}-passport.png`, mine)}, 'image/png', 10)`);
  await db.execute(sql`insert into application_notes (application_id, staff_id, staff_name, body_sealed)
    values (${id}, ${admin.id}, 'Admin', ${seal(`called ${name}`, mine)})`);
  await db.execute(sql`insert into upstream_requests (method, path, request_id, attempt, duration_ms, request_body_sealed, application_id)
    values ('POST', '/v2/validate', ${`val_${id}`}, 1, 5, ${seal(`{"first_name":"${name}"}`, mine)}, ${id}),
           ('POST', '/v2/cardholders', ${`req_${id}`}, 1, 5, ${seal(`{"first_name":"${name}"}`, mine)}, null)`);
  if (!p.cardholder || !holder) return;
  const holders = ringOf(holder);
  await db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers, state)
    values (${`evt_${id}`}, 'cardholder.updated', now(), ${p.cardholder}, ${seal(`{"first_name":"${name}"}`, holders)}, '{"a":"b"}'::jsonb, 'applied')`);
  await db.execute(sql`insert into card_transactions (transaction_id, event_id, card_id, cardholder_id, transaction_type,
    transaction_status, transaction_amount, transaction_currency, billing_amount, billing_currency, transaction_time, data, details_sealed)
    values (${`tx_${id}`}, ${`evt_tx_${id}`}, ${card}, ${p.cardholder}, 'AUTHORIZATION', 'APPROVED', '12.34', 'USD', '12.34', 'USD',
    '2026-11-20T10:00:00Z', '{"transaction_amount":"12.34"}'::jsonb, ${seal(JSON.stringify({ merchant_data: [{ name: `Shop of ${name}` }] }), holders)})`);
}

/** Every table that may hold personal data, as one JSON text (to show a refused erasure changed nothing). */
export async function dumpPersonal(db: Database): Promise<string> {
  const tables = [
    "applications",
    "application_files",
    "application_notes",
    "application_bindings",
    "application_erasures",
    "upstream_requests",
    "webhook_inbox",
    "card_transactions",
    "staff_audit_log",
  ];
  const parts: unknown[] = [];
  for (const table of tables) {
    parts.push(rowsOf(await db.execute(sql`select row_to_json(t)::text as r from ${sql.identifier(table)} t order by 1`)));
  }
  return JSON.stringify(parts);
}

export const countOf = async (db: Database, query: ReturnType<typeof sql>) => rowsOf(await db.execute(query)).length;

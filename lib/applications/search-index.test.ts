import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reindexBatch } from "@/lib/applications/reindex";
import { indexMarker, searchColumnsOf } from "@/lib/applications/search-index";
import { emailIndexOf, identityIndexOf, phoneIndexOf } from "@/lib/crypto/blind-index";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import type { DbHandle } from "@/lib/db/types";

// The blind indexes of an application's answers: names and email for staff search, the identity document's number
// so that an erasure finds every application of one person (issue #24, item 7); and the reindex that backfills it.

const keys = keyringOf("search index test key, long enough to use");

describe("searchColumnsOf", () => {
  it("indexes the identity number however it is written, and nothing when it is not given", () => {
    const columns = searchColumnsOf({ first_name: "Ada", email: "Ada@Example.com", identity: { number: "ab-123 456" } }, keys);
    expect(columns.identityIndex).toBe(identityIndexOf(keys, "AB123456"));
    expect(columns.emailIndex).toBe(emailIndexOf(keys, "ada@example.com"));
    expect(columns.identityIndex).not.toBe(identityIndexOf(keys, "AB123457"));
    expect(JSON.stringify(columns)).not.toMatch(/123456|ada@/i);
    expect(searchColumnsOf({ identity: { type: "PASSPORT" } }, keys).identityIndex).toBeNull();
    expect(searchColumnsOf({ identity: { number: "  " } }, keys).identityIndex).toBeNull();
  });

  it("indexes the mobile's national number as the form normalises it, so any written form of it finds the person", () => {
    const columns = searchColumnsOf({ area_code: "+44", mobile_number: "07700 900123" }, keys);
    expect(columns.phoneIndex).toBe(phoneIndexOf(keys, "7700900123"));
    expect(JSON.stringify(columns)).not.toMatch(/900123/);
    expect(searchColumnsOf({ first_name: "Ada" }, keys).phoneIndex).toBeNull();
  });

  it("keys the identity index apart from the email's: the same text never gives the same entry", () => {
    const number = "ada@example.com";
    expect(identityIndexOf(keys, number)).not.toBe(emailIndexOf(keys, number));
  });
});

describe("reindexBatch backfills the identity index of applications indexed before it existed", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    const answers = seal(JSON.stringify({ first_name: "Ada", identity: { number: "P7654321" } }), keys);
    const insert = (id: string, erased: boolean) =>
      handle.db.execute(sql`insert into applications (id, product_id, kyc_level, draft_ciphertext, resume_hash, resume_expires_at,
        name_index, erased_at) values (${id}, 'p', 'Standard', ${erased ? "" : answers}, ${id}, now(),
        ARRAY[${`${keys.current.id}:*`}]::text[], ${erased ? new Date() : null})`);
    await insert("app_indexed_before", false);
    await insert("app_erased", true);
  });
  afterAll(async () => handle.close());

  it("indexes the number of an older application once, and leaves an erased one alone", async () => {
    expect(await reindexBatch(handle.db, keys)).toBe(1);
    expect(await reindexBatch(handle.db, keys)).toBe(0);
    const rows = rowsOf<{ id: string; identity_index: string | null; name_index: string[] | null }>(
      await handle.db.execute(sql`select id, identity_index, name_index from applications order by id`),
    );
    expect(rows[0]).toMatchObject({ id: "app_erased", identity_index: null, name_index: [`${keys.current.id}:*`] });
    expect(rows[1]).toMatchObject({ id: "app_indexed_before", identity_index: identityIndexOf(keys, "P7654321") });
    expect(rows[1]?.name_index).toContain(indexMarker(keys));
  });
});

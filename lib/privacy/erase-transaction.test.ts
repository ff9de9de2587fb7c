import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { createScratchDatabase, postgresTestUrl } from "@/lib/db/testing";
import type { Database, DbHandle } from "@/lib/db/types";
import { eraseSubject } from "@/lib/privacy/erase";
import { admin, appId, countOf, dumpPersonal, keys, plantApplicant } from "@/lib/privacy/testing";

// The erasure of a person is one transaction (issue #24, item 7): a failure at its last application leaves the
// first ones as they were, on PGlite and on Postgres; and on Postgres two admins erasing the same person at once
// from two of their applications erase it once, the other is told it was done, and neither gets a deadlock.

const FIRST = appId("ida1");
const SECOND = appId("ida2");
const LAST = appId("ida3");

async function plantPerson(db: Database) {
  await plantApplicant(db, FIRST, { state: "card_issued", cardholder: "ch_ida1", email: "email_I", identity: "id_I", name: "Ida" });
  await plantApplicant(db, SECOND, { state: "draft", email: "email_I", name: "Ida" });
  await plantApplicant(db, LAST, { state: "failed", cardholder: "ch_ida3", identity: "id_I", name: "Ida" });
}

/** A real failure inside the erasure, at the tombstone of its last application (written after the first two). */
const failAtLast = async (db: Database) => {
  await db.execute(sql`create function fail_erasure() returns trigger language plpgsql as $$
    begin raise exception 'disk full (simulated)'; end $$`);
  await db.execute(
    sql.raw(`create trigger fail_erasure before insert on application_erasures for each row
    when (new.application_id = '${LAST}') execute function fail_erasure()`),
  );
};
const healed = (db: Database) => db.execute(sql`drop function fail_erasure() cascade`);

const erase = (db: Database, id: string) => eraseSubject(db, keys, admin, id, { confirm: id, reason: "request by letter of 2026-11-19" });

const pgUrl = postgresTestUrl();
type Opened = { handle: DbHandle; url?: string; drop: () => Promise<void> };
const postgres = async (): Promise<Opened> => {
  const scratch = await createScratchDatabase(pgUrl as string);
  return { handle: await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 }), url: scratch.url, drop: scratch.drop };
};
const databases = [
  {
    name: "PGlite",
    open: async (): Promise<Opened> => ({ handle: await openDatabase({ kind: "pglite", dataDir: undefined }), drop: async () => {} }),
  },
  { name: "Postgres", skip: !pgUrl, open: postgres },
];

for (const database of databases) {
  describe.skipIf(database.skip)(`erasing a person on ${database.name}: all or nothing`, () => {
    let opened: Opened;
    beforeAll(async () => {
      opened = await database.open();
      await plantPerson(opened.handle.db);
    });
    afterAll(async () => {
      await opened?.handle.close();
      await opened?.drop();
    });

    it("a failure at the last application leaves every application as it was", async () => {
      const db = opened.handle.db;
      await failAtLast(db);
      const before = await dumpPersonal(db);
      await expect(erase(db, FIRST)).rejects.toThrow(/insert into "application_erasures"/);
      expect(await dumpPersonal(db)).toBe(before);
      expect(await countOf(db, sql`select 1 from applications where erased_at is not null`)).toBe(0);
      await healed(db);
      expect((await erase(db, FIRST)).applications).toEqual([FIRST, SECOND, LAST]);
      expect(await countOf(db, sql`select 1 from applications where erased_at is null`)).toBe(0);
    });
  });
}

describe.skipIf(!pgUrl)("two admins erasing the same person at once on Postgres", () => {
  // Two instances: two pools on one database.
  let a: Opened;
  let b: DbHandle;
  beforeAll(async () => {
    a = await postgres();
    b = await openDatabase({ kind: "postgres", url: a.url as string, poolSize: 4 });
    await plantPerson(a.handle.db);
  });
  afterAll(async () => {
    await b?.close();
    await a?.handle.close();
    await a?.drop();
  });

  it("one erases the person, the other is told it is done; every application erased exactly once", async () => {
    const results = await Promise.allSettled([erase(a.handle.db, LAST), erase(b.db, SECOND)]);
    const done = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(done).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ code: "INVALID_STATE", message: expect.stringContaining("already erased") })]);
    for (const id of [FIRST, SECOND, LAST]) {
      expect(await countOf(a.handle.db, sql`select 1 from application_erasures where application_id = ${id}`)).toBe(1);
    }
    expect(await countOf(a.handle.db, sql`select 1 from staff_audit_log where action = 'subject.erased'`)).toBe(1);
  });
});

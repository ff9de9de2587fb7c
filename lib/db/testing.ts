import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "@/lib/db/open";
import type { DbHandle } from "@/lib/db/types";
import { getEnv } from "@/lib/env";

/** TEST_DATABASE_URL, or undefined when the Postgres tests are to be skipped. */
export function postgresTestUrl(): string | undefined {
  return getEnv().test.databaseUrl;
}

/** Creates an empty database beside TEST_DATABASE_URL's, so each test file starts from nothing. */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export type TestEngine = [name: string, open: () => Promise<{ handle: DbHandle; drop: () => Promise<void> }>];

/** For describe.each: PGlite in memory, and a scratch Postgres database when TEST_DATABASE_URL is set. */
export function testEngines(): TestEngine[] {
  const pgUrl = postgresTestUrl();
  const pglite: TestEngine = [
    "PGlite",
    async () => ({ handle: await openDatabase({ kind: "pglite", dataDir: undefined }), drop: async () => {} }),
  ];
  if (!pgUrl) return [pglite];
  const postgres: TestEngine = [
    "Postgres",
    async () => {
      const scratch = await createScratchDatabase(pgUrl);
      return { handle: await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 }), drop: scratch.drop };
    },
  ];
  return [pglite, postgres];
}

/** A new database of its own for the enclosing describe, opened in a hook (migrating one takes a while under load). */
export function freshDatabase(open: TestEngine[1]): () => DbHandle {
  let db: Awaited<ReturnType<TestEngine[1]>> | undefined;
  beforeAll(async () => void (db = await open()));
  afterAll(async () => db && (await db.handle.close().then(db.drop)));
  return () => {
    if (!db) throw new Error("the database is opened in beforeAll");
    return db.handle;
  };
}

import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type OpenOptions } from "@/lib/db/open";
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

/** In-memory PGlite, and a scratch Postgres database when TEST_DATABASE_URL is set: for `describe.each`. */
export function testEngines(poolSize = 4): TestEngine[] {
  const url = postgresTestUrl();
  const pglite: TestEngine = [
    "PGlite",
    async () => ({ handle: await openDatabase({ kind: "pglite", dataDir: undefined }), drop: async () => {} }),
  ];
  if (!url) return [pglite];
  const postgres: TestEngine = [
    "Postgres",
    async () => {
      const scratch = await createScratchDatabase(url);
      return { handle: await openDatabase({ kind: "postgres", url: scratch.url, poolSize }), drop: scratch.drop };
    },
  ];
  return [pglite, postgres];
}

/** Opens the engine's database before a `describe`'s tests and closes (and drops) it after; answers its handle's getter. */
export function useTestDatabase(open: TestEngine[1]): () => DbHandle {
  let opened: Awaited<ReturnType<TestEngine[1]>> | undefined;
  beforeAll(async () => void (opened = await open()));
  afterAll(async () => {
    await opened?.handle.close();
    await opened?.drop();
  });
  return () => {
    if (!opened) throw new Error("the test database is not open");
    return opened.handle;
  };
}

export type InstanceOptions = { poolSize?: number; open?: (options: OpenOptions) => Promise<DbHandle> };

/**
 * `count` portal instances (a pool each) on one new scratch database beside `adminUrl`'s; `drop` closes them and
 * drops it. `open` is the opener (the sandbox's adds its own tables).
 */
export async function openPostgresInstances(
  adminUrl: string,
  count: number,
  { poolSize = 4, open = openDatabase }: InstanceOptions = {},
): Promise<{ handles: DbHandle[]; drop: () => Promise<void> }> {
  const scratch = await createScratchDatabase(adminUrl);
  const handles = await Promise.all(Array.from({ length: count }, () => open({ kind: "postgres", url: scratch.url, poolSize })));
  return {
    handles,
    drop: async () => {
      await Promise.all(handles.map((h) => h.close()));
      await scratch.drop();
    },
  };
}

/**
 * Two portal instances (a pool each) on one scratch Postgres database of TEST_DATABASE_URL, opened before a
 * `describe`'s tests and closed and dropped after: answers their getter. For a `describe.skipIf(!postgresTestUrl())`.
 */
export function usePostgresInstances(options: InstanceOptions = {}): () => [DbHandle, DbHandle] {
  let opened: Awaited<ReturnType<typeof openPostgresInstances>> | undefined;
  beforeAll(async () => {
    const url = postgresTestUrl();
    if (!url) throw new Error("TEST_DATABASE_URL is not set: wrap the describe in describe.skipIf(!postgresTestUrl())");
    opened = await openPostgresInstances(url, 2, options);
  });
  afterAll(async () => opened?.drop());
  return () => {
    const [a, b] = opened?.handles ?? [];
    if (!a || !b) throw new Error("the Postgres instances are not open");
    return [a, b];
  };
}

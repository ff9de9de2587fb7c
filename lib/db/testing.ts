import { randomBytes } from "node:crypto";
import { Client } from "pg";
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

import "server-only";
import { getEnv } from "@/lib/env";
import { openDatabase } from "@/lib/db/open";
import type { DbHandle } from "@/lib/db/types";

export type { Database, DbHandle, DbKind } from "@/lib/db/types";

// Kept on globalThis so that dev-mode reloads reuse the one PGlite instance (one process per folder).
const holder = globalThis as typeof globalThis & { __portalDb?: Promise<DbHandle> };

/** The process's database, opened and migrated on first use. A failed open is retried on the next call. */
export function getDatabase(): Promise<DbHandle> {
  if (!holder.__portalDb) {
    const env = getEnv();
    const opening = openDatabase(env.databaseUrl ? { kind: "postgres", url: env.databaseUrl } : { kind: "pglite", dataDir: env.dataDir });
    holder.__portalDb = opening;
    opening.catch(() => {
      if (holder.__portalDb === opening) holder.__portalDb = undefined;
    });
  }
  return holder.__portalDb;
}

export async function getDb() {
  return (await getDatabase()).db;
}

import "server-only";
import { getEnv, type Mode } from "@/lib/env";
import { ensureDatabaseMode } from "@/lib/db/database-mode";
import { openDatabase } from "@/lib/db/open";
import { log } from "@/lib/log";
import type { DbHandle } from "@/lib/db/types";

export type { Database, DbHandle, DbKind } from "@/lib/db/types";

// Kept on globalThis so that dev-mode reloads reuse the one PGlite instance (one process per folder).
const holder = globalThis as typeof globalThis & { __portalDb?: Promise<DbHandle> };

/** The process's database, opened and migrated on first use. A failed open is retried on the next call. */
export function getDatabase(): Promise<DbHandle> {
  if (!holder.__portalDb) {
    const env = getEnv();
    const opening = openDatabase(
      env.databaseUrl ? { kind: "postgres", url: env.databaseUrl } : { kind: "pglite", dataDir: env.dataDir },
    ).then((handle) => checkMode(handle, env.mode));
    holder.__portalDb = opening;
    opening.catch(() => {
      if (holder.__portalDb === opening) holder.__portalDb = undefined;
    });
  }
  return holder.__portalDb;
}

/** Nothing is served from a database created in the other mode (lib/db/database-mode.ts); a new one records this mode. */
async function checkMode(handle: DbHandle, mode: Mode): Promise<DbHandle> {
  try {
    const { row, recordedNow } = await ensureDatabaseMode(handle.db, mode);
    if (recordedNow) log.info("database.mode_recorded", { mode: row.mode, origin: row.origin });
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

export async function getDb() {
  return (await getDatabase()).db;
}

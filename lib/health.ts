import "server-only";
import { getDatabase } from "@/lib/db";
import { getEnv, type Mode } from "@/lib/env";
import { log } from "@/lib/log";
import type { DbHandle, DbKind } from "@/lib/db/types";

export type Health =
  | { ok: true; mode: Mode; db: DbKind }
  | { ok: false; mode: Mode; db: DbKind; failing: "db"; error: { code: "DATABASE_UNAVAILABLE"; message: string } };

/** Opens (or reuses) the database and makes one round trip; never throws. */
export async function checkHealth(mode: Mode, kind: DbKind, open: () => Promise<DbHandle>): Promise<Health> {
  try {
    const handle = await open();
    await handle.ping();
    return { ok: true, mode, db: kind };
  } catch (error) {
    log.error("health.database_unavailable", { db: kind, reason: error instanceof Error ? error.message : String(error) });
    // The driver's message can carry host names or credentials: the answer only names the failing part.
    return {
      ok: false,
      mode,
      db: kind,
      failing: "db",
      error: { code: "DATABASE_UNAVAILABLE", message: `The ${kind} database cannot be reached.` },
    };
  }
}

/** This process's health: its mode and one round trip to its database. */
export function processHealth(): Promise<Health> {
  const env = getEnv();
  return checkHealth(env.mode, env.databaseUrl ? "postgres" : "pglite", getDatabase);
}

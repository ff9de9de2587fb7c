import "server-only";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import * as schema from "@/lib/db/schema";
import type { Database, DbHandle } from "@/lib/db/types";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");

// Any fixed 64-bit number works; it only has to be the same for every instance of the portal.
const MIGRATION_LOCK_KEY = 7_302_114_001;

export type OpenOptions =
  | { kind: "pglite"; dataDir: string | undefined } // undefined: in memory (tests)
  | { kind: "postgres"; url: string; poolSize?: number };

/** Opens the database and applies pending migrations. Call once per process (see lib/db/index.ts). */
export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.kind === "pglite") return openPglite(options.dataDir);
  return openPostgres(options.url, options.poolSize ?? 10);
}

async function openPglite(dataDir: string | undefined): Promise<DbHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(path.join(dataDir, "pglite")) : new PGlite();
  try {
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    // PGlite is one process per data folder, so there is nobody to race with.
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      ping: async () => void (await client.query("select 1")),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

async function openPostgres(url: string, max: number): Promise<DbHandle> {
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => undefined);
  try {
    const db = drizzlePg(pool, { schema });
    const lockClient = await pool.connect();
    try {
      // Several instances may start together: the advisory lock lets one migrate while the others wait.
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
    return {
      db: db as unknown as Database,
      kind: "postgres",
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

import "server-only";
import { chmod, mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import * as schema from "@/lib/db/schema";
import type { Database, DbHandle, MigrationSet } from "@/lib/db/types";
import { tightenModes, tightenModesAtExit } from "@/lib/db/folder-modes";

/** The portal's own tables. The sandbox brings its own set (lib/sandbox/migrations.ts), applied in sandbox mode only. */
export const PORTAL_MIGRATIONS: MigrationSet = { folder: path.join(process.cwd(), "lib/db/migrations"), table: "__drizzle_migrations" };

// Any fixed 64-bit number works; it only has to be the same for every instance of the portal.
const MIGRATION_LOCK_KEY = 7_302_114_001;

export type OpenOptions =
  | { kind: "pglite"; dataDir: string | undefined } // undefined: in memory (tests)
  | { kind: "postgres"; url: string; poolSize?: number };

/** Opens the database and applies the portal's pending migrations. Call once per process (see lib/db/index.ts). */
export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  const handle = options.kind === "pglite" ? await openPglite(options.dataDir) : openPostgres(options.url, options.poolSize ?? 10);
  try {
    await handle.migrate(PORTAL_MIGRATIONS);
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

async function openPglite(dataDir: string | undefined): Promise<DbHandle> {
  if (dataDir) {
    // Owner only: the database files (WAL included) hold sealed answers and the applications' metadata.
    // A folder of 0.1 (0755) is closed too; no other account can then reach anything inside it.
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await chmod(dataDir, 0o700);
  }
  const client = dataDir ? new PGlite(path.join(dataDir, "pglite")) : new PGlite();
  try {
    await client.waitReady;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  if (dataDir) {
    // PGlite's files ignore the umask (0666): owner only, now and whenever the process ends.
    tightenModes(dataDir);
    tightenModesAtExit(dataDir);
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    // PGlite is one process per data folder, so there is nobody to race with.
    migrate: async (set) => migratePglite(db, { migrationsFolder: set.folder, migrationsTable: set.table }),
    ping: async () => void (await client.query("select 1")),
    close: async () => {
      await client.close();
      if (dataDir) tightenModes(dataDir);
    },
  };
}

function openPostgres(url: string, max: number): DbHandle {
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => undefined);
  // JIT compiles a plan that crosses its cost line (any scan of a large table) and spent 0.6 to 1 s of a dashboard
  // query's 1.1 s doing it at 100,000 applications (bench/README.md): the portal's queries are short, so it is off.
  pool.on("connect", (client) => void client.query("set jit = off").catch(() => undefined));
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    migrate: async (set) => {
      const lockClient = await pool.connect();
      try {
        // Several instances may start together: the advisory lock lets one migrate while the others wait.
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(db, { migrationsFolder: set.folder, migrationsTable: set.table });
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}

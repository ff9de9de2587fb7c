import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "@/lib/db/schema";

/** Both drivers (PGlite and node-postgres) give a PgDatabase; query functions accept either. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

/** A folder of generated SQL migrations and the table that records which of them ran. */
export type MigrationSet = { folder: string; table: string };

export type DbHandle = {
  db: Database;
  kind: DbKind;
  /** Applies the set's pending migrations (on Postgres under an advisory lock shared by every instance). */
  migrate: (set: MigrationSet) => Promise<void>;
  /** Cheap round trip used by the health check. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

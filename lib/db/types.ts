import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "@/lib/db/schema";

/** Both drivers (PGlite and node-postgres) give a PgDatabase; query functions accept either. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export type DbHandle = {
  db: Database;
  kind: DbKind;
  /** Cheap round trip used by the health check. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

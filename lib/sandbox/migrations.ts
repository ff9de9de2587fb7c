import "server-only";
import path from "node:path";
import type { DbHandle, MigrationSet } from "@/lib/db/types";

/** The sandbox's own tables, recorded in their own migrations table: a live database never gets them. */
export const SANDBOX_MIGRATIONS: MigrationSet = {
  folder: path.join(process.cwd(), "lib/sandbox/migrations"),
  table: "__drizzle_migrations_sandbox",
};

export const migrateSandbox = (handle: DbHandle): Promise<void> => handle.migrate(SANDBOX_MIGRATIONS);

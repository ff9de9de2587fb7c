import "server-only";
import { applications, databaseMode, staffUsers, type DatabaseModeRow } from "@/lib/db/schema";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";
import { sql } from "drizzle-orm";

type Mode = DatabaseModeRow["mode"];
type Origin = DatabaseModeRow["origin"];

/** A database created in the other mode: the start stops with this message (lib/startup.ts). */
export class DatabaseModeError extends Error {
  constructor(
    readonly recorded: Mode,
    readonly wanted: Mode,
  ) {
    super(recorded === "sandbox" ? SANDBOX_DATABASE_IN_LIVE : LIVE_DATABASE_IN_SANDBOX);
    this.name = "DatabaseModeError";
  }
}

/** By name, not class identity: the bundles of a Next build may each hold a copy of the class. */
export const isDatabaseModeError = (error: unknown): error is DatabaseModeError =>
  error instanceof Error && error.name === "DatabaseModeError";

const SANDBOX_DATABASE_IN_LIVE = [
  "The portal cannot start: PORTAL_MODE is live, but this database was created in sandbox mode.",
  "It holds the sandbox's demo staff login (printed in the clear), accounts anyone with it could have made, and test",
  "data made against the embedded issuer: live mode does not take them over. Either:",
  "  - start live mode on a new database: an empty DATABASE_URL database, or a DATA_DIR without a pglite folder; or",
  "  - stop every instance, then run `npm run db:go-live` once with this same live configuration (ADMIN_EMAIL and",
  "    ADMIN_PASSWORD set): it disables every staff account made in sandbox mode, creates the first live admin,",
  "    removes the sandbox's tables and test data, and marks the database live.",
].join("\n");

const LIVE_DATABASE_IN_SANDBOX = [
  "The portal cannot start: PORTAL_MODE is sandbox (the default of `npm start`), but this database was created in live mode.",
  "Sandbox mode would add the embedded issuer, its public credentials and a demo admin to live data. Either set",
  "PORTAL_MODE=live (with the live configuration) to serve it, or give sandbox mode a database of its own",
  "(another DATA_DIR, or unset DATABASE_URL).",
].join("\n");

export async function readDatabaseMode(db: Database): Promise<DatabaseModeRow | undefined> {
  const [row] = await db.select().from(databaseMode).limit(1);
  return row;
}

/** Records the mode unless one is recorded already (instances starting together agree on the first). */
async function recordDatabaseMode(db: Database, mode: Mode, origin: Origin): Promise<{ row: DatabaseModeRow; inserted: boolean }> {
  const inserted = await db.insert(databaseMode).values({ mode, origin }).onConflictDoNothing().returning();
  const row = inserted[0] ?? (await readDatabaseMode(db));
  if (!row) throw new Error("the database's mode could not be recorded");
  return { row, inserted: inserted.length > 0 };
}

/** Marks the database as being in `mode` from now on (`npm run db:go-live`). */
export async function setDatabaseMode(db: Database, mode: Mode, origin: Origin, now: Date): Promise<void> {
  await db
    .insert(databaseMode)
    .values({ mode, origin, recordedAt: now })
    .onConflictDoUpdate({ target: databaseMode.id, set: { mode, origin, recordedAt: now } });
}

/**
 * The mode of a database without a record (made before modes were recorded): only sandbox mode creates the
 * sandbox's tables, so they mean sandbox; staff or applications without them mean live; nothing at all is new.
 */
export async function inferEarlierMode(db: Database): Promise<Mode | undefined> {
  const [found] = rowsOf<{ sandbox: boolean; data: boolean }>(
    await db.execute(sql`select
      exists (select 1 from information_schema.tables where table_schema = current_schema() and starts_with(table_name, 'sandbox_')) as sandbox,
      (exists (select 1 from ${staffUsers}) or exists (select 1 from ${applications})) as data`),
  );
  if (found?.sandbox) return "sandbox";
  return found?.data ? "live" : undefined;
}

export type ModeCheck = { row: DatabaseModeRow; recordedNow: boolean };

/** Records the mode of a new (or upgraded) database, and refuses a database created in the other mode. */
export async function ensureDatabaseMode(db: Database, mode: Mode): Promise<ModeCheck> {
  let check: ModeCheck;
  const existing = await readDatabaseMode(db);
  if (existing) check = { row: existing, recordedNow: false };
  else {
    const earlier = await inferEarlierMode(db);
    const { row, inserted } = await recordDatabaseMode(db, earlier ?? mode, earlier ? "upgrade" : "created");
    check = { row, recordedNow: inserted };
  }
  if (check.row.mode !== mode) throw new DatabaseModeError(check.row.mode, mode);
  return check;
}

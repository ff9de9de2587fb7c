import { chmodSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { tightenModes } from "@/lib/db/folder-modes";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import { createScratchDatabase, postgresTestUrl } from "@/lib/db/testing";
import { countStaffUsers, findStaffUserByEmail, insertStaffUser } from "@/lib/db/staff-users";
import type { Database } from "@/lib/db/types";

async function tableNames(db: Database): Promise<string[]> {
  const result = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
  return rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
}

async function appliedMigrations(db: Database): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n);
}

/** Entries under `dir` whose mode is not 0600 (files) or 0700 (folders). */
function loose(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((e) => {
    const full = path.join(e.parentPath, e.name);
    const mode = statSync(full).mode & 0o777;
    return (e.isDirectory() ? mode !== 0o700 : e.isFile() && mode !== 0o600) ? [`${full} ${mode.toString(8)}`] : [];
  });
}

describe("tightenModes", () => {
  it("makes files 0600 and folders 0700 (a WAL segment PGlite creates 0666 while running), leaves links alone", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "portal-modes-"));
    try {
      mkdirSync(path.join(dir, "pglite", "pg_wal"), { recursive: true, mode: 0o755 });
      writeFileSync(path.join(dir, "pglite", "pg_wal", "000000010000000000000002"), "x");
      chmodSync(path.join(dir, "pglite", "pg_wal", "000000010000000000000002"), 0o666);
      writeFileSync(path.join(dir, "outside"), "x", { mode: 0o644 });
      symlinkSync(path.join(dir, "outside"), path.join(dir, "pglite", "link"));
      chmodSync(dir, 0o755);
      expect(tightenModes(path.join(dir, "pglite"))).toBe(3);
      expect(loose(path.join(dir, "pglite"))).toEqual([]);
      expect(statSync(path.join(dir, "outside")).mode & 0o777).toBe(0o644);
      expect(tightenModes(path.join(dir, "pglite"))).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// Each test here opens (and migrates) PGlite itself, which is the work under test: on a loaded 2-core machine that
// alone took 39 s, so these tests have the hooks' budget rather than a plain test's.
describe("PGlite", { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it("opens in memory, migrates and runs the named queries", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    try {
      expect(handle.kind).toBe("pglite");
      expect(await tableNames(handle.db)).toContain("staff_users");
      expect(await insertStaffUser(handle.db, { email: "Ann@Example.com", passwordHash: "h" })).toBe(true);
      expect(await insertStaffUser(handle.db, { email: "ann@example.com", passwordHash: "h2" })).toBe(false);
      expect(await countStaffUsers(handle.db)).toBe(1);
      expect((await findStaffUserByEmail(handle.db, "ANN@example.com"))?.passwordHash).toBe("h");
      // A row written without a role gets the least privilege, as the staff form and API default to (issue #27).
      expect((await findStaffUserByEmail(handle.db, "ann@example.com"))?.role).toBe("viewer");
      await handle.ping();
    } finally {
      await handle.close();
    }
  });

  it("keeps data in DATA_DIR and does not re-apply migrations on the next start; its files are the owner's alone", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "portal-pglite-"));
    dirs.push(dir);
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    // PGlite creates a new database's files 0666 whatever the umask: closed at the start.
    expect(loose(dir)).toEqual([]);
    await insertStaffUser(first.db, { email: "kept@example.com", passwordHash: "h" });
    const migrations = await appliedMigrations(first.db);
    await first.close();
    expect(loose(dir)).toEqual([]);

    const second = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      expect(await countStaffUsers(second.db)).toBe(1);
      expect(await appliedMigrations(second.db)).toBe(migrations);
      expect(migrations).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    // Two on-disk PGlite starts with every migration: slow on a shared, loaded machine.
  }, 90_000);
});

const pgUrl = postgresTestUrl();

describe.skipIf(!pgUrl)("Postgres (TEST_DATABASE_URL)", () => {
  it("opens a pool, migrates, and two instances starting together do not race", async () => {
    const scratch = await createScratchDatabase(pgUrl as string);
    try {
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: "postgres", url: scratch.url, poolSize: 3 })));
      try {
        expect(a?.kind).toBe("postgres");
        expect(await tableNames(a!.db)).toContain("staff_users");
        expect(await appliedMigrations(b!.db)).toBeGreaterThan(0);
        await insertStaffUser(c!.db, { email: "pg@example.com", passwordHash: "h" });
        expect(await countStaffUsers(a!.db)).toBe(1);
        // Every pooled connection runs without JIT (lib/db/open.ts says why).
        const jit = await Promise.all([1, 2, 3].map(async () => rowsOf<{ jit: string }>(await a!.db.execute(sql`show jit`))[0]?.jit));
        expect(jit).toEqual(["off", "off", "off"]);
      } finally {
        await Promise.all([a, b, c].map((h) => h?.close()));
      }
    } finally {
      await scratch.drop();
    }
  });
});

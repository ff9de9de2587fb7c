import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import type { Database, DbHandle } from "@/lib/db/types";
import { migrateSandbox, SANDBOX_MIGRATIONS } from "@/lib/sandbox/migrations";

async function tables(db: Database): Promise<string[]> {
  const result = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
  return rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
}

let handle: DbHandle | undefined;
afterEach(async () => handle?.close());

describe("the sandbox's tables live apart from the portal's", () => {
  it("a live-mode database (the portal's migrations only) holds no sandbox table", async () => {
    handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    const names = await tables(handle.db);
    expect(names).toContain("applications");
    expect(names.filter((n) => n.startsWith("sandbox_"))).toEqual([]);
  });

  it("sandbox mode adds them, recorded in their own migrations table, and a second run changes nothing", async () => {
    handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    await migrateSandbox(handle);
    await migrateSandbox(handle);
    expect((await tables(handle.db)).filter((n) => n.startsWith("sandbox_"))).toHaveLength(10);
    const recorded = await handle.db.execute(sql.raw(`select count(*)::int as n from drizzle.${SANDBOX_MIGRATIONS.table}`));
    // One per migration of the sandbox's folder (0000_sandbox, 0001_mail_catcher).
    expect(rowsOf<{ n: number }>(recorded)[0]?.n).toBe(2);
  });

  it("a database of 0.1, whose sandbox tables came with the portal's own history, upgrades and keeps its rows", async () => {
    handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    // What 0.1 ran: the same tables, created outside the sandbox's migrations table.
    const old = readFileSync(path.join(SANDBOX_MIGRATIONS.folder, "0000_sandbox.sql"), "utf8").replaceAll(" IF NOT EXISTS", "");
    for (const statement of old.split("--> statement-breakpoint")) await handle.db.execute(sql.raw(statement));
    await handle.db.execute(sql`insert into sandbox_settings (key, value) values ('kept', '1'::jsonb)`);
    await migrateSandbox(handle);
    const kept = await handle.db.execute(sql`select key from sandbox_settings`);
    expect(rowsOf<{ key: string }>(kept).map((r) => r.key)).toEqual(["kept"]);
  });
});

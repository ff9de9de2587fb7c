import { and, sql } from "drizzle-orm";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { afterCursor, decodeCursor, encodeCursor, keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import { testEngines, useTestDatabase } from "@/lib/db/testing";

// A table of its own: the filter is the same whatever list uses it.
const probe = pgTable("keyset_probe", { at: timestamp("at", { withTimezone: true }).notNull(), id: text("id").notNull() });
const T = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
// Three rows share a time, so only the id tells them apart: the tie-break is what a page boundary tests.
const ROWS = [
  { at: T(1), id: "a" },
  { at: T(2), id: "b" },
  { at: T(2), id: "c" },
  { at: T(2), id: "d" },
  { at: T(3), id: "e" },
];

describe("keyset cursors in the URL", () => {
  it("round-trips a time and an id", () => {
    const cursor = { at: new Date("2026-03-04T05:06:07.089Z"), id: "evt_1|with a bar" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(encodeCursor({ at: cursor.at, id: "app_x-Y_z" }))).toEqual({ at: cursor.at, id: "app_x-Y_z" });
  });

  it.each([
    undefined,
    "",
    "%%%",
    Buffer.from("not a date|x").toString("base64url"),
    Buffer.from("2026-01-01T00:00:00Z|").toString("base64url"),
  ])("reads %j as the start", (raw) => expect(decodeCursor(raw)).toBeUndefined());
});

describe.each(testEngines())("the keyset filter on %s", (_engine, open) => {
  const database = useTestDatabase(open);
  beforeAll(async () => {
    const db = database().db;
    await db.execute(sql`create table keyset_probe (at timestamptz not null, id text not null)`);
    await db.insert(probe).values(ROWS);
  });

  async function pages(ascending: boolean, size: number): Promise<string[][]> {
    const db = database().db;
    const out: string[][] = [];
    let cursor: KeysetCursor | undefined;
    for (;;) {
      const rows = await db
        .select()
        .from(probe)
        .where(and(afterCursor(cursor, probe.at, probe.id, ascending)))
        .orderBy(...keysetOrder(probe.at, probe.id, ascending))
        .limit(size);
      if (rows.length === 0) return out;
      out.push(rows.map((r) => r.id));
      const last = rows[rows.length - 1]!;
      // Through the URL and back, as the staff pages carry it.
      cursor = decodeCursor(encodeCursor({ at: last.at, id: last.id }));
    }
  }

  it("pages newest first, each row once, across rows of the same time", async () => {
    expect(await pages(false, 2)).toEqual([["e", "d"], ["c", "b"], ["a"]]);
  });

  it("pages oldest first with the ascending order", async () => {
    expect(await pages(true, 2)).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  it("without a cursor filters nothing", () => {
    expect(afterCursor(undefined, probe.at, probe.id)).toBeUndefined();
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cohortCountsOf } from "@/lib/admin/dashboard/cohort";
import { dayStart } from "@/lib/admin/keyset";
import { rowsOf } from "@/lib/db/rows";
import { APPLICATION_STATES, applications, type ApplicationState } from "@/lib/db/schema";
import { foldTallyChanges, tallies, wholeDays, type TallyScope } from "@/lib/db/tallies";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import type { Database } from "@/lib/db/types";

// The tallies (migration 0026) against the applications themselves: after inserts, state changes, milestones,
// deletes, before and after folding, for periods of whole UTC days, of days in a half-hour zone, inside one day.

const DAY = 86_400_000;
const START = Date.UTC(2026, 5, 1);

/** A fixed-seed generator (mulberry32): the same workload every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function workload(db: Database, count: number) {
  const next = random(27);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(START + Math.floor(next() * 6 * DAY));
    const submitted = next() < 0.6 ? new Date(createdAt.getTime() + 600_000) : null;
    await db.insert(applications).values({
      id: `app_tally${String(i).padStart(17, "0")}`,
      productId: pick(["prod_a", "prod_b"]),
      kycLevel: "Standard",
      kycMethod: pick(["REDIRECT_LINK", null]),
      state: pick(APPLICATION_STATES),
      draftCiphertext: "sealed",
      resumeHash: `tally-${i}`,
      resumeExpiresAt: createdAt,
      lastStep: pick([null, "about-you", "contact"]),
      failureCode: pick([null, "COUNTRY_RESTRICTION", "CARDHOLDER_FAILED"]),
      upstreamKycStatus: pick([null, "VERIFIED"]),
      firstSubmittedAt: submitted,
      firstApprovedAt: submitted && next() < 0.5 ? new Date(submitted.getTime() + 3_600_000) : null,
      createdAt,
    });
  }
  // Moves (and a milestone) on some, an update that changes nothing counted on others, a few deleted.
  for (let i = 0; i < count; i += 3) {
    const id = `app_tally${String(i).padStart(17, "0")}`;
    await db
      .update(applications)
      .set({ state: pick(APPLICATION_STATES), firstIssuedAt: new Date(START + 7 * DAY) })
      .where(eq(applications.id, id));
  }
  for (let i = 1; i < count; i += 7) await db.delete(applications).where(eq(applications.id, `app_tally${String(i).padStart(17, "0")}`));
}

/** The same figures counted off the rows, without the tallies. */
async function direct(db: Database, s: TallyScope) {
  const where = sql`${s.from ? sql`created_at >= ${s.from.toISOString()}::timestamptz` : sql`true`}
    and ${s.to ? sql`created_at < ${s.to.toISOString()}::timestamptz` : sql`true`}
    ${s.productId ? sql`and product_id = ${s.productId}` : sql``}`;
  const result = await db.execute(sql`select state, count(*)::integer as n, count(first_submitted_at)::integer as submitted,
    count(first_approved_at)::integer as approved, count(first_issued_at)::integer as issued
    from applications where ${where} group by state`);
  const rows = rowsOf<{ state: ApplicationState; n: number; submitted: number; approved: number; issued: number }>(result);
  const sum = (k: "n" | "submitted" | "approved" | "issued") => rows.reduce((t, r) => t + Number(r[k]), 0);
  return {
    states: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])),
    funnel: [sum("n"), sum("submitted"), sum("approved"), sum("issued")],
  };
}

const viaTallies = async (db: Database, s: TallyScope) => {
  const c = cohortCountsOf(await tallies(db, s));
  return { states: c.states, funnel: [c.started, c.submitted, c.approved, c.issued] };
};

const KOLKATA = "Asia/Kolkata";
const SCOPES: Array<[string, TallyScope]> = [
  ["whole UTC days", { from: new Date(START + DAY), to: new Date(START + 4 * DAY) }],
  ["days in Kolkata (+5:30)", { from: dayStart("2026-06-02", KOLKATA), to: dayStart("2026-06-05", KOLKATA) }],
  ["inside one day", { from: new Date(START + 2 * DAY + 3_600_000), to: new Date(START + 2 * DAY + 9 * 3_600_000) }],
  ["no start", { to: new Date(START + 3 * DAY + 1_800_000) }],
  ["no end, one product", { from: new Date(START + 2 * DAY - 1_800_000), productId: "prod_b" }],
  ["everything", {}],
];

describe.each(testEngines())("application tallies on %s", (_engine, open) => {
  const database = useTestDatabase(open);

  it("splits a period into whole UTC days and the partial days at its ends", () => {
    const { first, end } = wholeDays(SCOPES[1]![1]);
    expect([first?.toISOString(), end?.toISOString()]).toEqual(["2026-06-02T00:00:00.000Z", "2026-06-04T00:00:00.000Z"]);
    expect(wholeDays({})).toEqual({ first: undefined, end: undefined });
  });

  it("count what the rows count, for every kind of period, before and after folding", async () => {
    const db = database().db;
    await workload(db, 240);
    for (const [name, scope] of SCOPES) expect(await viaTallies(db, scope), name).toEqual(await direct(db, scope));
    expect(await foldTallyChanges(db, 1)).toBeGreaterThan(240); // and vacuums the changes' table
    expect(await foldTallyChanges(db)).toBe(0);
    for (const [name, scope] of SCOPES) expect(await viaTallies(db, scope), name).toEqual(await direct(db, scope));
  });

  it("append nothing for an update that keeps the key, and fold each change once when two instances fold at once", async () => {
    const db = database().db;
    await db.delete(applications); // the database is the previous test's
    await foldTallyChanges(db);
    await workload(db, 60);
    const changes = async () =>
      Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::integer as n from application_tally_changes`))[0]?.n);
    const before = await changes();
    await db.update(applications).set({ updatedAt: new Date(), draftCiphertext: "resealed" });
    expect(await changes()).toBe(before);
    const [a, b] = await Promise.all([foldTallyChanges(db), foldTallyChanges(db)]);
    expect(a + b).toBe(before);
    expect(await viaTallies(db, {})).toEqual(await direct(db, {}));
    // A key every application left is dropped, not kept at zero.
    await db.delete(applications);
    await foldTallyChanges(db);
    expect(rowsOf(await db.execute(sql`select 1 from application_tallies`))).toEqual([]);
  });
});

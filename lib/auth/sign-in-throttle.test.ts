import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { THROTTLE } from "@/lib/auth/throttle";
import { openDatabase } from "@/lib/db/open";
import { createStaffUser } from "@/lib/db/staff-users";
import { openPostgresInstances, postgresTestUrl } from "@/lib/db/testing";
import type { Database, DbHandle } from "@/lib/db/types";
import { rowsOf } from "@/lib/db/rows";
import { sql } from "drizzle-orm";

// The sign-in throttle (lib/auth/throttle.ts) on a real database: per (account, address) with growing delays, a
// per-account ceiling that slows unknown addresses but never the account's own, attempts refused while throttled
// not counted, and guesses sent at once counted one after another, on one instance or several (the reliability
// suite once found 16 of 16 checked). Runs on PGlite, and on Postgres with two pools (two instances) when
// TEST_DATABASE_URL is set. Times are given, not read from the clock.

type World = { handles: DbHandle[]; drop: () => Promise<void> };
const pgUrl = postgresTestUrl();
const pglite = async (): Promise<World> => {
  const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  return { handles: [handle], drop: () => handle.close() };
};
const engines: Array<[string, () => Promise<World>]> = [
  ["PGlite", pglite],
  ...(pgUrl ? [["Postgres, two instances", () => openPostgresInstances(pgUrl, 2)] as [string, () => Promise<World>]] : []),
];

const outcomes = async (db: Database, email: string) =>
  Object.fromEntries(
    rowsOf<{ outcome: string; n: number }>(
      await db.execute(sql`select outcome, count(*)::int as n from staff_sign_in_attempts where email = ${email} group by outcome`),
    ).map((r) => [r.outcome, r.n]),
  );

const T0 = new Date("2030-03-04T05:06:07Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECOND = 1000;

describe.each(engines)("the sign-in throttle on %s", (_engine, open) => {
  let world: World;
  let n = 0;
  beforeAll(async () => void (world = await open()));
  afterAll(async () => world?.drop());
  const on = (k: number) => world.handles[k % world.handles.length]!.db;
  /** A new account (its own email, so tests do not share counts) and a way to try a password on it. */
  async function account(role: "admin" | "agent" = "agent") {
    const email = `person.${++n}@example.com`;
    const password = `right-password-${n}`;
    await createStaffUser(on(0), { email, name: email, role, passwordHash: await hashPassword(password) });
    const tryIt = (k: number, guess: string, ip: string, now: Date) => signInWithPassword(on(k), { email, password: guess, ip, now });
    return { email, password, tryIt };
  }

  it("checks no more than the free allowance of guesses sent at once from one address, on any instance", async () => {
    const { email, password, tryIt } = await account();
    const guesses = Array.from({ length: 12 }, (_, k) => tryIt(k, `guess-${k}`, "10.0.0.1", T0));
    expect((await Promise.all(guesses)).every((user) => user === undefined)).toBe(true);
    expect(await outcomes(on(0), email)).toEqual({ bad_credentials: THROTTLE.free, throttled: 12 - THROTTLE.free });
    // The right password from the same address is refused too while the pair waits.
    expect(await tryIt(1, password, "10.0.0.1", at(SECOND))).toBeUndefined();
  });

  it("checks no more than the account's ceiling of guesses sent at once from many addresses", async () => {
    const { email, tryIt } = await account();
    const guesses = Array.from({ length: 16 }, (_, k) => tryIt(k, `guess-${k}`, `10.0.1.${k}`, T0));
    expect((await Promise.all(guesses)).every((user) => user === undefined)).toBe(true);
    expect(await outcomes(on(0), email)).toEqual({ bad_credentials: THROTTLE.ceiling, throttled: 16 - THROTTLE.ceiling });
  });

  it("makes an address wait longer after each failure past the allowance, and does not count refused attempts", async () => {
    const { email, password, tryIt } = await account();
    const ip = "10.0.2.1";
    for (let k = 0; k < THROTTLE.free; k++) expect(await tryIt(k, `wrong-${k}`, ip, at(k * SECOND))).toBeUndefined();
    const last = (THROTTLE.free - 1) * SECOND;
    // While the pair waits its first delay, even the right password is refused unchecked, and the refusals add nothing.
    for (let k = 0; k < 10; k++) expect(await tryIt(k, password, ip, at(last + 10 * SECOND + k * SECOND))).toBeUndefined();
    expect(await outcomes(on(0), email)).toEqual({ bad_credentials: THROTTLE.free, throttled: 10 });
    // One more wrong one after the first delay; the next delay is twice as long.
    const sixth = last + THROTTLE.baseDelayMs;
    expect(await tryIt(0, "wrong-again", ip, at(sixth))).toBeUndefined();
    expect(await tryIt(1, password, ip, at(sixth + THROTTLE.baseDelayMs + SECOND))).toBeUndefined();
    expect(await tryIt(0, password, ip, at(sixth + 2 * THROTTLE.baseDelayMs))).toBeDefined();
    expect(await outcomes(on(0), email)).toEqual({ bad_credentials: THROTTLE.free + 1, throttled: 11, success: 1 });
  });

  it("lets the only admin in from their own address while others guess elsewhere, and slows unknown addresses", async () => {
    const { email, password, tryIt } = await account("admin");
    const home = "10.0.3.1";
    expect(await tryIt(0, password, home, T0)).toBeDefined();
    // Twenty addresses, each to its own allowance: far past the account's ceiling.
    for (let a = 0; a < 20; a++) {
      for (let k = 0; k < THROTTLE.free; k++) await tryIt(a + k, `guess-${a}-${k}`, `10.0.4.${a}`, at(60 * SECOND + a * 100));
    }
    const lastGuess = 60 * SECOND + 19 * 100;
    expect(await tryIt(1, password, home, at(lastGuess + 1))).toBeDefined();
    // From an address the account never signed in from, the right password waits for the account's spacing, no longer.
    expect(await tryIt(0, password, "10.0.5.1", at(lastGuess + 2))).toBeUndefined();
    expect(await tryIt(1, password, "10.0.5.1", at(lastGuess + THROTTLE.spacingMs))).toBeDefined();
    expect((await outcomes(on(0), email)).success).toBe(3);
  });

  it("lets the right password in under the allowance, and a success is not counted as a failure", async () => {
    const { email, password, tryIt } = await account();
    const ip = "10.0.6.1";
    for (let k = 0; k < THROTTLE.free - 1; k++) expect(await tryIt(k, "wrong-password", ip, T0)).toBeUndefined();
    expect(await tryIt(0, password, ip, T0)).toBeDefined();
    expect(await tryIt(1, password, ip, T0)).toBeDefined();
    expect(await outcomes(on(0), email)).toEqual({ bad_credentials: THROTTLE.free - 1, success: 2 });
  });
});

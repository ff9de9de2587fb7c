import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { signInWithPassword, THROTTLE } from "@/lib/auth/sign-in";
import { openDatabase } from "@/lib/db/open";
import { createStaffUser } from "@/lib/db/staff-users";
import { createScratchDatabase, postgresTestUrl } from "@/lib/db/testing";
import type { Database, DbHandle } from "@/lib/db/types";
import { rowsOf } from "@/lib/db/rows";
import { sql } from "drizzle-orm";

// The sign-in throttle counts an attempt before its password is checked: guesses sent at once, to one instance
// or to several on one database, cannot all pass while each is still being checked (the reliability suite found
// 16 of 16 checked). Runs on PGlite, and on Postgres with two pools (two instances) when TEST_DATABASE_URL is set.

type World = { instances: DbHandle[]; drop: () => Promise<void> };
const pgUrl = postgresTestUrl();
const engines: Array<[string, () => Promise<World>]> = [
  ["PGlite", async () => ({ instances: [await openDatabase({ kind: "pglite", dataDir: undefined })], drop: async () => {} })],
  ...(pgUrl
    ? [
        [
          "Postgres, two instances",
          async () => {
            const scratch = await createScratchDatabase(pgUrl);
            const open = () => openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
            return { instances: [await open(), await open()], drop: scratch.drop };
          },
        ] as [string, () => Promise<World>],
      ]
    : []),
];

const outcomes = async (db: Database, email: string) =>
  Object.fromEntries(
    rowsOf<{ outcome: string; n: number }>(
      await db.execute(sql`select outcome, count(*)::int as n from staff_sign_in_attempts where email = ${email} group by outcome`),
    ).map((r) => [r.outcome, r.n]),
  );

describe.each(engines)("the sign-in throttle on %s", (_engine, open) => {
  let world: World;
  beforeAll(async () => {
    world = await open();
    await createStaffUser(world.instances[0]!.db, {
      email: "guarded@example.com",
      name: "Guarded",
      role: "agent",
      passwordHash: await hashPassword("the-right-password-1"),
    });
  });
  afterAll(async () => {
    await Promise.all(world.instances.map((i) => i.close()));
    await world.drop();
  });
  const on = (k: number) => world.instances[k % world.instances.length]!.db;

  it("checks no more than the limit of guesses sent at once, whichever instance takes them", async () => {
    const now = new Date();
    const guesses = Array.from({ length: 12 }, (_, k) =>
      signInWithPassword(on(k), { email: "guarded@example.com", password: `guess-${k}`, ip: `10.0.0.${k}`, now }),
    );
    expect((await Promise.all(guesses)).every((user) => user === undefined)).toBe(true);
    expect(await outcomes(on(0), "guarded@example.com")).toEqual({
      bad_credentials: THROTTLE.perAccount,
      throttled: 12 - THROTTLE.perAccount,
    });
    // The right password is refused too while the account is throttled.
    expect(
      await signInWithPassword(on(1), { email: "guarded@example.com", password: "the-right-password-1", ip: "10.0.1.1", now }),
    ).toBeUndefined();
  });

  it("lets the right password in under the limit, and a success is not counted as a failure", async () => {
    const now = new Date();
    await createStaffUser(on(0), {
      email: "fine@example.com",
      name: "Fine",
      role: "agent",
      passwordHash: await hashPassword("fine-password-12"),
    });
    const attempt = (k: number, password: string) =>
      signInWithPassword(on(k), { email: "fine@example.com", password, ip: "10.0.2.1", now });
    for (let k = 0; k < THROTTLE.perAccount - 1; k++) expect(await attempt(k, "wrong-password")).toBeUndefined();
    expect(await attempt(0, "fine-password-12")).toBeDefined();
    expect(await attempt(1, "fine-password-12")).toBeDefined();
    expect(await outcomes(on(0), "fine@example.com")).toEqual({ bad_credentials: THROTTLE.perAccount - 1, success: 2 });
  });
});

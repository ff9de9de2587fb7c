import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { describe, expect, it, vi } from "vitest";
import { errorResponse } from "@/lib/api/route";
import { openDatabase } from "@/lib/db/open";
import { createScratchDatabase, postgresTestUrl } from "@/lib/db/testing";
import { countHit } from "@/lib/db/rate-limits";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";

// A lost database connection answers 503 DATABASE_UNAVAILABLE with Retry-After, like an issuer outage, never 500
// (issue #24, item 12): PostgreSQL restarted under load answered 500 to the requests in flight.

vi.spyOn(console, "warn").mockImplementation(() => undefined);
vi.spyOn(console, "error").mockImplementation(() => undefined);

async function expectUnavailable(error: unknown) {
  expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  const response = errorResponse(error);
  expect(response.status).toBe(503);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("DATABASE_UNAVAILABLE");
  expect(body.error.message).not.toMatch(/terminat|ECONN|pg_|select/i);
}

describe("isDatabaseUnavailable", () => {
  it("knows lost and refused connections, wrapped or not, and nothing else", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("Failed query: insert ...", { cause: new Error("Connection terminated unexpectedly") }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });
});

const pgUrl = postgresTestUrl();

describe.skipIf(!pgUrl)("a lost PostgreSQL connection (TEST_DATABASE_URL)", () => {
  it("queries in flight when the server ends every connection answer 503; the pool then reconnects and nothing is lost", async () => {
    const scratch = await createScratchDatabase(pgUrl as string);
    const handle = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
    const admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      const window = new Date("2026-01-01T00:00:00Z");
      expect(await countHit(handle.db, "before", window)).toBe(1);
      const inFlight = Array.from({ length: 3 }, () =>
        handle.db.execute(sql`select pg_sleep(30)`).then(
          () => undefined,
          (e: unknown) => e,
        ),
      );
      const database = new URL(scratch.url).pathname.slice(1);
      // As a restart does: the server ends every connection to the database (once the sleeps have begun).
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and query like '%pg_sleep%'",
          [database],
        );
        if ((rows[0] as { n: number }).n >= 3) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [database]);
      for (const error of await Promise.all(inFlight)) await expectUnavailable(error);
      // The next requests get fresh connections; what was written before is there.
      expect(await countHit(handle.db, "before", window)).toBe(2);
    } finally {
      await admin.end();
      await handle.close();
      await scratch.drop();
    }
  }, 60_000);

  it("a server that refuses connections (down, restarting) answers 503 too", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const url = new URL(pgUrl as string);
    url.port = String(port);
    const error = await openDatabase({ kind: "postgres", url: url.toString() }).then(
      (h) => h.close(),
      (e: unknown) => e,
    );
    await expectUnavailable(error);
  });
});

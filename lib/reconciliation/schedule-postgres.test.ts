import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { listRuns } from "@/lib/db/reconciliation";
import { postgresTestUrl, usePostgresInstances } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";
import { runReconciliation } from "@/lib/reconciliation/run";

// Two instances (two pools on one Postgres) reach the scheduled reconciliation at the same moment: one runs,
// the other sees it started (or under way) and does nothing; the next is due only after the interval.

const pgUrl = postgresTestUrl();
const HOUR = 3_600_000;

describe.skipIf(!pgUrl)("the reconciliation schedule on Postgres (TEST_DATABASE_URL)", () => {
  const instances = usePostgresInstances();
  let world: TestWorld;
  beforeAll(async () => void (world = await startTestWorld()));
  afterAll(async () => world?.close());

  it("lets exactly one of two simultaneous scheduled runs start, five times over", async () => {
    const [a, b] = instances();
    for (let round = 0; round < 5; round++) {
      const at = new Date(Date.now() + round * (HOUR + 1));
      const on = (handle: DbHandle) => ({ ...world.deps, db: handle.db, now: () => at });
      const outcomes = await Promise.all([
        runReconciliation(on(a), { trigger: "schedule", intervalMs: HOUR }),
        runReconciliation(on(b), { trigger: "schedule", intervalMs: HOUR }),
      ]);
      expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
      expect(outcomes.find((o) => !o.ran)).toMatchObject({ ran: false });
      // Within the interval, even on the other instance, nothing more.
      expect(await runReconciliation(on(b), { trigger: "schedule", intervalMs: HOUR })).toEqual({ ran: false, reason: "not_due" });
    }
    expect(await listRuns(a.db, 10)).toHaveLength(5);
  });
});

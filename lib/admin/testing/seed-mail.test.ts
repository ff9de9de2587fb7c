import { describe, expect, it } from "vitest";
import { seedApplications } from "@/lib/admin/testing/seed";
import { keyringOf } from "@/lib/crypto/secret-box";
import { applicationsToRemind, countOutbox } from "@/lib/db/mail-outbox";
import { useTestDatabase, testEngines } from "@/lib/db/testing";

// The seed's emails are what bench/admin.mjs measures the outbox page and the reminders' query on: they must look
// like a portal that has been sending, reminders included (else the reminders' query is measured on an empty outbox).

const NOW = new Date("2026-11-20T10:00:00Z");
const HOUR_MS = 3_600_000;

describe.each(testEngines())("seeded emails on %s", (_engine, open) => {
  const handle = useTestDatabase(open);

  it("gives endings their email, a failed one now and then, and leaves no due reminder unsent", async () => {
    const db = handle().db;
    await seedApplications(db, { count: 400, productIds: ["prod_x"], now: NOW, keys: keyringOf("k".repeat(40)) });
    const counts = await countOutbox(db);
    expect(counts.sent).toBeGreaterThan(100);
    expect(counts.failed).toBeGreaterThan(0);
    expect(counts.pending).toBe(0);
    // Every application due a reminder already had it: the query finds nobody left, as in a portal at rest.
    expect(
      await applicationsToRemind(db, "kyc_reminder:1:", { after: new Date(0), before: new Date(NOW.getTime() - 24 * HOUR_MS) }, 50),
    ).toEqual([]);
    expect(
      await applicationsToRemind(db, "kyc_reminder:2:", { after: new Date(0), before: new Date(NOW.getTime() - 72 * HOUR_MS) }, 50),
    ).toEqual([]);
  });
});

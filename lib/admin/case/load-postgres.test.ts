import { describe, expect, it } from "vitest";
import { claimCase } from "@/lib/admin/case/reveal-note-claim";
import type { AppDeps } from "@/lib/applications/deps";
import type { Staff } from "@/lib/auth/current-staff";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { findAssignee } from "@/lib/db/application-case";
import { insertApplication } from "@/lib/db/applications";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { createStaffUser } from "@/lib/db/staff-users";
import { postgresTestUrl, usePostgresInstances } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";
import { isPortalError } from "@/lib/errors";
import { createIssuerClient } from "@/lib/issuer/client";

// Two agents on two instances (two pools) claim the same application at the same moment on Postgres: one wins,
// the other is told someone holds it; nothing is taken over without asking.

const pgUrl = postgresTestUrl();
const keys = keyringOf("test data encryption key");

describe.skipIf(!pgUrl)("claiming on Postgres (TEST_DATABASE_URL)", () => {
  const instances = usePostgresInstances();

  const deps = (handle: DbHandle): AppDeps => ({
    db: handle.db,
    // Claims never reach the issuer; the client is there only to satisfy the type.
    issuer: createIssuerClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s" }),
    now: () => new Date(),
    keys,
    kycLinks: { hosts: [], httpOnLoopback: true },
    appUrl: "http://portal.test",
  });

  it("lets exactly one of two simultaneous claims win, ten times over", async () => {
    const [a, b] = instances();
    const agent = async (name: string): Promise<Staff> => {
      const row = await createStaffUser(a.db, { email: `${name}@example.com`, name, role: "agent", passwordHash: null });
      return { id: row?.id ?? "", email: `${name}@example.com`, name, role: "agent", ip: "10.0.0.1" };
    };
    const [ann, bob] = [await agent("ann"), await agent("bob")];
    for (let i = 0; i < 10; i++) {
      const id = `app_race${String(i).padStart(18, "0")}`;
      await insertApplication(a.db, {
        id,
        productId: "prod_virtual_simplified_usd",
        kycLevel: "Simplified",
        draftCiphertext: seal("{}", keys),
        resumeHash: `hash-${i}`,
        resumeExpiresAt: new Date(Date.now() + 3_600_000),
      });
      const outcomes = await Promise.all([
        claimCase(ann, id, false, deps(a)).then(
          () => "ann",
          (e: unknown) => (isPortalError(e, "INVALID_STATE") ? "refused" : String(e)),
        ),
        claimCase(bob, id, false, deps(b)).then(
          () => "bob",
          (e: unknown) => (isPortalError(e, "INVALID_STATE") ? "refused" : String(e)),
        ),
      ]);
      const winner = outcomes.find((o) => o !== "refused");
      expect(
        outcomes.filter((o) => o === "refused"),
        outcomes.join(),
      ).toHaveLength(1);
      expect((await findAssignee(a.db, id))?.name).toBe(winner);
      expect(await listAuditEntries(a.db, { applicationId: id, action: "application.claimed" }, 5)).toHaveLength(1);
    }
  });
});

import { describe, expect, it } from "vitest";
import { bulkAct, bulkBody, MAX_BULK, type BulkInput } from "@/lib/admin/queue/bulk";
import { offlineDeps, testStaff } from "@/lib/admin/testing/offline-deps";
import type { AppDeps } from "@/lib/applications/deps";
import type { Staff } from "@/lib/auth/current-staff";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { findAssignee } from "@/lib/db/application-case";
import { insertApplication } from "@/lib/db/applications";
import type { ApplicationState } from "@/lib/db/schema";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import { listQueue } from "@/lib/db/work-queue";
import { isPortalError } from "@/lib/errors";

// Bulk assign and bulk resolve of the queue's selected rows, on PGlite and on Postgres (TEST_DATABASE_URL): each row
// through the one-row action and audited as one action, partial success said per row, bad input changing nothing.

const keys = keyringOf("test data encryption key");
const T0 = new Date("2026-06-15T12:00:00Z");
const idOf = (n: string) => `app_${n.padEnd(22, "0")}`;

const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (isPortalError(e) ? e.code : String(e)),
  );

for (const [engine, open] of testEngines()) {
  describe(`bulk work on the queue on ${engine}`, () => {
    const handle = useTestDatabase(open);
    const deps = (): AppDeps => offlineDeps(handle().db, () => T0, keys);
    const staffOf = (name: string, role: Staff["role"]) => testStaff(handle().db, name, role);
    const app = (n: string, state: ApplicationState) =>
      insertApplication(handle().db, {
        id: idOf(n),
        productId: "prod_virtual_simplified_usd",
        kycLevel: "Simplified",
        state,
        draftCiphertext: seal("{}", keys),
        resumeHash: `hash-${n}`,
        resumeExpiresAt: new Date(T0.getTime() + 14 * 86_400_000),
        createdAt: new Date(T0.getTime() - 48 * 3_600_000),
      });
    const pile = async () =>
      (await listQueue(handle().db, { attention: true, now: T0 }, "created_asc", undefined, 50)).rows.map((r) => r.app.id).sort();
    const audited = async (action: string) => (await listAuditEntries(handle().db, { action }, 50)).map((e) => e.applicationId).sort();

    it("resolves the rows that need attention, one audit record each, and says why each other row was refused", async () => {
      const ann = await staffOf("ann", "agent");
      for (const n of ["one", "two", "three"]) await app(n, "failed");
      await app("draft", "draft");
      expect(await pile()).toEqual([idOf("one"), idOf("three"), idOf("two")]);

      const ids = [idOf("one"), idOf("two"), idOf("draft"), idOf("missing"), idOf("one")];
      const answer = await bulkAct(ann, { action: "resolve", ids, reason: "closed_as_expected" }, deps());
      expect(answer.results).toEqual([
        { id: idOf("one"), outcome: "done" },
        { id: idOf("two"), outcome: "done" },
        { id: idOf("draft"), outcome: "refused", code: "INVALID_STATE", message: "This application does not need attention now." },
        { id: idOf("missing"), outcome: "refused", code: "NOT_FOUND", message: "No application was found." },
      ]);
      expect([answer.done, answer.refused]).toEqual([2, 2]);
      expect(await pile()).toEqual([idOf("three")]);
      expect(await audited("application.attention_resolved")).toEqual([idOf("one"), idOf("two")]);
    });

    it("refuses a snooze day out of range for the whole request, changing nothing", async () => {
      const ann = await staffOf("ann2", "agent");
      const input: BulkInput = { action: "resolve", ids: [idOf("three")], reason: "acknowledged", snoozeUntil: "2026-06-15" };
      expect(await code(bulkAct(ann, input, deps()))).toBe("VALIDATION_ERROR");
      expect(await code(bulkAct(ann, { ...input, snoozeUntil: "2027-01-01" }, deps()))).toBe("VALIDATION_ERROR");
      expect(await pile()).toEqual([idOf("three")]);
    });

    it("assigns each row to a colleague, audited per row, and refuses a viewer or a stranger as the assignee for all", async () => {
      const ann = await staffOf("ann3", "agent");
      const bob = await staffOf("bob", "agent");
      const vic = await staffOf("vic", "viewer");
      const ids = [idOf("one"), idOf("draft"), idOf("missing")];
      for (const who of [vic.id, "00000000-0000-4000-8000-000000000009"]) {
        expect(await code(bulkAct(ann, { action: "assign", ids, assigneeId: who }, deps()))).toBe("VALIDATION_ERROR");
      }
      expect(await audited("application.assigned")).toEqual([]);

      const answer = await bulkAct(ann, { action: "assign", ids, assigneeId: bob.id }, deps());
      expect(answer.results.map((r) => r.outcome)).toEqual(["done", "done", "refused"]);
      expect((await findAssignee(handle().db, idOf("draft")))?.id).toBe(bob.id);
      expect(await audited("application.assigned")).toEqual([idOf("draft"), idOf("one")]);
    });

    it("reads only a known action, valid ids, at most a hundred, and nothing else", () => {
      const id = idOf("one");
      const ok = (body: unknown) => bulkBody.safeParse(body).success;
      expect(ok({ action: "resolve", ids: [id], reason: "contacted" })).toBe(true);
      expect(ok({ action: "assign", ids: [id], assigneeId: "00000000-0000-4000-8000-000000000009" })).toBe(true);
      expect(ok({ action: "resolve", ids: Array.from({ length: MAX_BULK + 1 }, () => id), reason: "contacted" })).toBe(false);
      expect(ok({ action: "resolve", ids: [], reason: "contacted" })).toBe(false);
      expect(ok({ action: "resolve", ids: ["../app_x"], reason: "contacted" })).toBe(false);
      expect(ok({ action: "resolve", ids: [id], reason: "because" })).toBe(false);
      expect(ok({ action: "erase", ids: [id] })).toBe(false);
      expect(ok({ action: "assign", ids: [id] })).toBe(false);
      expect(ok({ action: "resolve", ids: [id], reason: "contacted", assigneeId: "x" })).toBe(false);
    });
  });
}

import { describe, expect, it } from "vitest";
import { assignCase, resolveAttention, snoozeEndOf } from "@/lib/admin/case/attention";
import { offlineDeps, testStaff } from "@/lib/admin/testing/offline-deps";
import type { AppDeps } from "@/lib/applications/deps";
import type { Staff } from "@/lib/auth/current-staff";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { findAssignee, listApplicationNotes } from "@/lib/db/application-case";
import { insertApplication, insertTimelineNote, transitionApplication } from "@/lib/db/applications";
import { findAttentionStatus } from "@/lib/db/attention";
import { attentionCounts } from "@/lib/db/dashboard";
import type { ApplicationState } from "@/lib/db/schema";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { updateStaffUser } from "@/lib/db/staff-users";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import type { Database } from "@/lib/db/types";
import { insertInboxEvent } from "@/lib/db/webhook-inbox";
import { listQueue, type QueueFilter } from "@/lib/db/work-queue";
import { isPortalError, PortalError } from "@/lib/errors";

// The "needs attention" pile emptied by staff (resolve, snooze, assign) and refilled by what happens next, on PGlite
// and on Postgres (TEST_DATABASE_URL). Fixed times throughout: the rule takes "now" as a parameter.

const keys = keyringOf("test data encryption key");
const T0 = new Date("2026-06-15T12:00:00Z");
const hours = (h: number) => new Date(T0.getTime() + h * 3_600_000);
const idOf = (n: string) => `app_${n.padEnd(22, "0")}`;

const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (isPortalError(e) ? e.code : String(e)),
  );

for (const [engine, open] of testEngines()) {
  describe(`needs attention on ${engine}`, () => {
    const handle = useTestDatabase(open);
    let now = T0;
    const deps = (): AppDeps => offlineDeps(handle().db, () => now, keys);
    const staffOf = (name: string, role: Staff["role"]) => testStaff(handle().db, name, role);
    const app = (db: Database, n: string, state: ApplicationState, createdAt: Date, extra: Record<string, unknown> = {}) =>
      insertApplication(db, {
        id: idOf(n),
        productId: "prod_virtual_simplified_usd",
        kycLevel: "Simplified",
        state,
        draftCiphertext: seal("{}", keys),
        resumeHash: `hash-${n}`,
        resumeExpiresAt: hours(24 * 14),
        createdAt,
        updatedAt: createdAt,
        ...extra,
      });
    const pile = async (extra: Partial<QueueFilter> = {}) =>
      (await listQueue(handle().db, { attention: true, now, ...extra }, "created_asc", undefined, 50)).rows.map((r) => r.app.id).sort();
    const total = async () => (await attentionCounts(handle().db, now)).total;

    it("takes a resolved item off the queue and the dashboard's count until a new timeline event", async () => {
      const db = handle().db;
      const ann = await staffOf("ann", "agent");
      await app(db, "failed", "failed", hours(-48));
      await app(db, "waiting", "kyc_pending", hours(-48), { submittedAt: hours(-47), cardholderId: "ch_waiting" });
      await app(db, "issued", "card_issued", hours(-48));
      expect(await pile()).toEqual([idOf("failed"), idOf("waiting")]);
      expect(await total()).toBe(2);

      await resolveAttention(ann, idOf("failed"), { reason: "closed_as_expected", note: "Expected: test card." }, deps());
      expect(await pile()).toEqual([idOf("waiting")]);
      expect(await total()).toBe(1);
      expect(await findAttentionStatus(db, idOf("failed"), now)).toMatchObject({
        reason: true,
        needed: false,
        resolvedReason: "closed_as_expected",
      });
      expect(await listApplicationNotes(db, idOf("failed"))).toHaveLength(1);
      const [entry] = await listAuditEntries(db, { applicationId: idOf("failed"), action: "application.attention_resolved" }, 5);
      expect(entry?.detail).toMatchObject({ reason: "closed_as_expected", snoozed_until: null });
      // Off the pile, it cannot be resolved again; nor can what never was on it.
      expect(await code(resolveAttention(ann, idOf("failed"), { reason: "acknowledged" }, deps()))).toBe("INVALID_STATE");
      expect(await code(resolveAttention(ann, idOf("issued"), { reason: "acknowledged" }, deps()))).toBe("INVALID_STATE");

      // Time passing is not new; a new step in its timeline is.
      now = hours(72);
      expect(await pile()).toEqual([idOf("waiting")]);
      await insertTimelineNote(db, { id: idOf("failed"), state: "failed" }, "opened on another device", now);
      expect(await pile()).toEqual([idOf("failed"), idOf("waiting")]);
      expect(await total()).toBe(2);
      now = T0;
    });

    it("brings a resolved item back when a webhook event about it is poisoned after the resolution", async () => {
      const db = handle().db;
      const bob = await staffOf("bob", "agent");
      await resolveAttention(bob, idOf("waiting"), { reason: "contacted" }, deps());
      expect(await pile()).not.toContain(idOf("waiting"));
      await insertInboxEvent(db, {
        eventId: "evt_after",
        eventType: "cardholder.updated",
        eventAt: hours(1),
        cardholderId: "ch_waiting",
        body: "sealed",
        headers: {},
        state: "poisoned",
        receivedAt: hours(1),
      });
      now = hours(2);
      expect(await pile()).toContain(idOf("waiting"));
      now = T0;
    });

    it("keeps a snoozed item off until the start of its day, then brings it back with nothing new", async () => {
      const db = handle().db;
      const cy = await staffOf("cy", "admin");
      await app(db, "rejected", "kyc_rejected", hours(-5));
      // A day that is not after today, or too far ahead, is refused and changes nothing.
      expect(await code(resolveAttention(cy, idOf("rejected"), { reason: "acknowledged", snoozeUntil: "2026-06-15" }, deps()))).toBe(
        "VALIDATION_ERROR",
      );
      expect(await code(resolveAttention(cy, idOf("rejected"), { reason: "acknowledged", snoozeUntil: "2026-12-31" }, deps()))).toBe(
        "VALIDATION_ERROR",
      );
      expect((await findAttentionStatus(db, idOf("rejected"), now))?.needed).toBe(true);

      await resolveAttention(cy, idOf("rejected"), { reason: "acknowledged", snoozeUntil: "2026-06-18" }, deps());
      now = new Date("2026-06-17T23:59:59Z");
      expect(await pile()).not.toContain(idOf("rejected"));
      now = new Date("2026-06-18T00:00:00Z");
      expect(await pile()).toContain(idOf("rejected"));
      now = T0;
    });

    it("ends a snooze at the start of the day in the staff member's zone, not UTC's", async () => {
      const db = handle().db;
      const dee = { ...(await staffOf("dee", "agent")), timeZone: "America/New_York" };
      await app(db, "snoozed_ny", "kyc_rejected", hours(-5));
      const { snoozedUntil } = await resolveAttention(dee, idOf("snoozed_ny"), { reason: "contacted", snoozeUntil: "2026-06-18" }, deps());
      // Midnight in New York on the 18th (summer time, UTC-4), not 00:00 UTC.
      expect(snoozedUntil).toBe("2026-06-18T04:00:00.000Z");
      now = new Date("2026-06-18T03:59:59Z");
      expect(await pile()).not.toContain(idOf("snoozed_ny"));
      now = new Date("2026-06-18T04:00:00Z");
      expect(await pile()).toContain(idOf("snoozed_ny"));
      now = T0;
      expect(snoozeEndOf("2026-06-18", T0, "Pacific/Kiritimati")?.toISOString()).toBe("2026-06-17T10:00:00.000Z");
      expect(() => snoozeEndOf("18/06/2026", T0, "UTC")).toThrow(PortalError);
    });

    it("counts and filters overdue items by their time in state", async () => {
      // In the pile: failed (since -48 h), waiting (since -48 h), rejected (snoozed at T0, so out), and it was -5 h.
      expect((await attentionCounts(handle().db, now, hours(-24))).overdue).toBe(2);
      expect(await pile({ overdueBefore: hours(-24) })).toEqual([idOf("failed"), idOf("waiting")]);
      expect(await pile({ overdueBefore: hours(-72) })).toEqual([]);
    });

    it("assigns to a named colleague who may work, refuses anyone else, and the queue filters by assignee", async () => {
      const db = handle().db;
      const [dee, eve, vic, old] = [
        await staffOf("dee", "agent"),
        await staffOf("eve", "agent"),
        await staffOf("vic", "viewer"),
        await staffOf("old", "agent"),
      ];
      await updateStaffUser(db, old.id, { disabledAt: T0 }, true, T0);
      await assignCase(dee, idOf("failed"), eve.id, deps());
      expect((await findAssignee(db, idOf("failed")))?.name).toBe("eve");
      const [entry] = await listAuditEntries(db, { applicationId: idOf("failed"), action: "application.assigned" }, 5);
      expect(entry?.detail).toEqual({ to: "eve@example.com" });
      for (const who of [vic.id, old.id, "00000000-0000-4000-8000-000000000009"]) {
        expect(await code(assignCase(dee, idOf("failed"), who, deps()))).toBe("VALIDATION_ERROR");
      }
      expect((await findAssignee(db, idOf("failed")))?.name).toBe("eve");
      expect(await pile({ assignedTo: eve.id })).toEqual([idOf("failed")]);
      expect(await pile({ assignedTo: null })).toEqual([idOf("waiting")]);
    });

    it("sorts by time in state both ways, a keyset page at a time, and a state change restarts it", async () => {
      const db = handle().db;
      for (const [n, h] of [
        ["s1", -30],
        ["s2", -10],
        ["s3", -20],
        ["s4", -10],
      ] as const)
        await app(db, n, "draft", hours(h));
      await transitionApplication(db, { id: idOf("s1"), from: ["draft"], to: "submitted", reason: "test", now: hours(-1) });
      await insertTimelineNote(db, { id: idOf("s3"), state: "draft" }, "a step, not a state change", hours(-2));
      const walk = async (sort: "since_asc" | "since_desc") => {
        const seen: string[] = [];
        let cursor: { at: Date; id: string } | undefined;
        for (let i = 0; i < 10; i++) {
          const page = await listQueue(db, { now, states: ["draft", "submitted"] }, sort, cursor, 1);
          seen.push(...page.rows.map((r) => r.app.id));
          const last = page.rows.at(-1);
          if (!page.more || !last) break;
          cursor = { at: last.sortAt, id: last.app.id };
        }
        return seen;
      };
      // s3 (-20 h; its step did not restart it), then s2 and s4 (-10 h, by id), then s1 (submitted at -1 h).
      const longest = [idOf("s3"), idOf("s2"), idOf("s4"), idOf("s1")];
      expect(await walk("since_asc")).toEqual(longest);
      expect(await walk("since_desc")).toEqual([...longest].reverse());
    });
  });
}

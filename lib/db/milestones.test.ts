import { describe, expect, it } from "vitest";
import { findApplication, insertApplication, insertTimelineNote, transitionApplication } from "@/lib/db/applications";
import type { ApplicationState } from "@/lib/db/schema";
import { testEngines, useTestDatabase } from "@/lib/db/testing";

// The dashboard's milestones (migration 0023): a trigger on the timeline keeps the first move into submitted,
// approved and card issued on the application, whatever writes the timeline; a second submission after a reopen, or a
// note in card_issued, never moves them.

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 9, minute));

describe.each(testEngines())("application milestones on %s", (_engine, open) => {
  const database = useTestDatabase(open);

  it("records the first submission, approval and issue, and keeps them through a reopen and later notes", async () => {
    const db = database().db;
    const id = "app_milestones000000000000";
    await insertApplication(db, {
      id,
      productId: "prod_x",
      kycLevel: "Standard",
      state: "draft",
      draftCiphertext: "sealed",
      resumeHash: "hash-milestones",
      resumeExpiresAt: at(59),
      createdAt: at(0),
    });
    const move = async (from: ApplicationState, to: ApplicationState, minute: number) =>
      expect(await transitionApplication(db, { id, from: [from], to, reason: "test", now: at(minute) })).toBeDefined();
    const milestones = async () => {
      const row = await findApplication(db, id);
      return [row?.firstSubmittedAt, row?.firstApprovedAt, row?.firstIssuedAt].map((d) => d?.toISOString() ?? null);
    };

    expect(await milestones()).toEqual([null, null, null]);
    await move("draft", "submitted", 1);
    await move("submitted", "draft", 2); // reopened by staff
    await move("draft", "submitted", 3);
    await move("submitted", "kyc_pending", 4);
    expect(await milestones()).toEqual([at(1).toISOString(), null, null]);
    await move("kyc_pending", "approved", 10);
    await move("approved", "card_issuing", 11);
    await move("card_issuing", "card_issued", 12);
    await insertTimelineNote(db, { id, state: "card_issued" }, "card re-read", at(30));
    expect(await milestones()).toEqual([at(1).toISOString(), at(10).toISOString(), at(12).toISOString()]);
  });
});

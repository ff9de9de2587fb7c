import { describe, expect, it } from "vitest";
import { referenceOf } from "@/lib/applications/reference";
import { applicationEventData, eventTypeOfMove } from "@/lib/db/event-outbox";
import { APPLICATION_STATES, type Application } from "@/lib/db/schema";
import { eventBody } from "@/lib/events/payload";

// Every column of an application filled with a marker: only ids, states and times may reach an event.
const MARK = "IDENTITY-MARKER";
const row = {
  id: "app_AbCdEfGhIjKlMnOpQrStUv",
  productId: "prod_virtual_standard_usd",
  state: "card_issued",
  cardId: "card_123",
  cardholderId: "ch_123",
  failureCode: null,
  createdAt: new Date("2026-01-01T00:00:00Z"),
  submittedAt: new Date("2026-01-01T00:05:00Z"),
  draftCiphertext: MARK,
  resumeTokenCiphertext: MARK,
  kycUrl: MARK,
  failureMessage: MARK,
  nameIndex: MARK,
  emailIndex: MARK,
  identityIndex: MARK,
  phoneIndex: MARK,
  resumeHash: MARK,
  lastStep: MARK,
} as unknown as Application;

describe("an application event's payload", () => {
  it("carries ids, states, times, the short reference and the merchant's reference, and nothing of the answers", () => {
    const data = applicationEventData(row, "card_issuing", new Date("2026-01-01T00:10:00Z"));
    const body = eventBody({ type: "application.card_issued", applicationId: row.id, data, createdAt: new Date("2026-01-01T00:10:00Z") });
    expect(JSON.stringify(body)).not.toContain(MARK);
    expect(Object.keys(body.data).sort()).toEqual(
      [
        "application_id",
        "card_id",
        "created_at",
        "failure_code",
        "merchant_reference",
        "occurred_at",
        "previous_state",
        "product_id",
        "reference",
        "state",
        "submitted_at",
      ].sort(),
    );
    expect(body).toMatchObject({
      type: "application.card_issued",
      timestamp: "2026-01-01T00:10:00.000Z",
      data: {
        application_id: row.id,
        reference: referenceOf(row.id),
        state: "card_issued",
        previous_state: "card_issuing",
        merchant_reference: null,
      },
    });
  });
});

describe("eventTypeOfMove", () => {
  it("names the moves a merchant is told about", () => {
    expect(eventTypeOfMove(null, "draft")).toBe("application.started");
    expect(eventTypeOfMove("draft", "submitted")).toBe("application.submitted");
    expect(eventTypeOfMove("kyc_pending", "approved")).toBe("application.identity_check.approved");
    expect(eventTypeOfMove("submitted", "approved")).toBe("application.identity_check.approved");
    expect(eventTypeOfMove("kyc_pending", "kyc_rejected")).toBe("application.identity_check.rejected");
    expect(eventTypeOfMove("card_issuing", "card_issued")).toBe("application.card_issued");
    expect(eventTypeOfMove("kyc_pending", "failed")).toBe("application.failed");
  });

  it("is silent on the moves inside the portal, a staff retry of the card, and a state written again", () => {
    expect(eventTypeOfMove("submitted", "kyc_pending")).toBeUndefined();
    expect(eventTypeOfMove("approved", "card_issuing")).toBeUndefined();
    expect(eventTypeOfMove("card_issuing", "kyc_pending")).toBeUndefined();
    expect(eventTypeOfMove("failed", "approved")).toBeUndefined();
    expect(eventTypeOfMove("failed", "draft")).toBeUndefined();
    for (const state of APPLICATION_STATES) expect(eventTypeOfMove(state, state)).toBeUndefined();
  });
});

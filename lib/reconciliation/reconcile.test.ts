import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDraftStep } from "@/lib/applications/draft";
import { startApplication } from "@/lib/applications/start";
import { issueCardOnce } from "@/lib/applications/card-issuance";
import { submitApplication } from "@/lib/applications/submit";
import { SIMPLIFIED_ANSWERS, simulate, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { move } from "@/lib/applications/transition";
import { findApplication, listApplicationEvents } from "@/lib/db/applications";
import { findRecordedCard, listRecordedCards } from "@/lib/db/cards";
import { listFindings } from "@/lib/db/reconciliation";
import type { Application } from "@/lib/db/schema";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { listAllCardholders } from "@/lib/issuer/resources/cardholder-list";
import type { IssuerClient } from "@/lib/issuer/client";
import { createCard } from "@/lib/issuer/resources/cards";
import { createCardholder, getCardholder } from "@/lib/issuer/resources/cardholders";
import { fixAll, fixFinding } from "@/lib/reconciliation/fix";
import { runReconciliation } from "@/lib/reconciliation/run";
import type { StepId } from "@/lib/requirements/types";
import { waitFor } from "@/test/wait-for";

// Reconciliation against the real sandbox over HTTP. The test world has no webhook receiver: whatever the
// issuer changes, the portal learns only by polling or reconciling. Three drifts are planted, found and fixed.

let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

const staff = { id: "00000000-0000-4000-8000-000000000001", email: "agent@example.com", ip: "10.0.0.1" };

async function submitted(): Promise<Application> {
  let { app } = await startApplication(world.deps, { productId: "prod_virtual_simplified_usd" });
  const answers = {
    ...SIMPLIFIED_ANSWERS,
    contact: { ...SIMPLIFIED_ANSWERS.contact, email: `r.${crypto.randomUUID().slice(0, 8)}@example.com` },
  };
  for (const [step, values] of Object.entries(answers)) app = await saveDraftStep(world.deps, app, step as StepId, values);
  app = await submitApplication(world.deps, app);
  // The issuer approves on its own; no webhook tells the portal.
  await waitFor(async () => (await getCardholder(world.deps.issuer, app.cardholderId as string)).status === "SUCCESS", {
    what: "the sandbox's approval",
  });
  return app;
}

describe("reconciliation with the issuer", () => {
  it("finds a lost state change, an unknown cardholder and an unrecorded card, and fixes them on the timeline", async () => {
    const lagging = await submitted();
    expect((await findApplication(world.deps.db, lagging.id))?.state).toBe("submitted");

    const withCard = await issueCardOnce(
      world.deps,
      (await move(world.deps, await submitted(), "approved", "approved (test)")) as Application,
    );
    expect(withCard.state).toBe("card_issued");
    // A second card created at the issuer behind the portal's back.
    const extra = await createCard(
      world.deps.issuer,
      { cardholderId: withCard.cardholderId as string, productId: withCard.productId, rechargeAmount: 0 },
      crypto.randomUUID(),
    );
    // A cardholder created directly upstream.
    const stranger = await createCardholder(
      world.deps.issuer,
      { first_name: "Mary", last_name: "Shelley", email: "mary.shelley@example.org" },
      crypto.randomUUID(),
    );

    const outcome = await runReconciliation(world.deps, { trigger: "manual", staff });
    expect(outcome.ran).toBe(true);
    if (!outcome.ran) return;
    expect(outcome.run).toMatchObject({ error: null, unknownCardholders: 1, laggingStates: 1, unrecordedCards: 1 });
    const findings = await listFindings(world.deps.db, outcome.run.id);
    const unknown = findings.find((f) => f.kind === "unknown_cardholder");
    expect(unknown).toMatchObject({ cardholderId: stranger, applicationId: null, detail: { email_masked: "m***@e***.org" } });
    expect(JSON.stringify(findings)).not.toContain("mary");
    const lag = findings.find((f) => f.kind === "lagging_state");
    expect(lag).toMatchObject({ applicationId: lagging.id, detail: { portal_state: "submitted", expected_state: "approved" } });
    const card = findings.find((f) => f.kind === "unrecorded_card");
    expect(card).toMatchObject({ applicationId: withCard.id, detail: { card_id: extra.id } });

    // The unknown cardholder is listed for staff, not fixed automatically.
    await expect(fixFinding(world.deps, staff, unknown?.id ?? 0)).rejects.toMatchObject({ code: "INVALID_STATE" });

    const fixed = await fixFinding(world.deps, staff, lag?.id ?? 0);
    // The same rules as a poll: approved, then the card is issued.
    expect(fixed.state).toBe("card_issued");
    const events = await listApplicationEvents(world.deps.db, lagging.id);
    expect(events.map((e) => e.reason)).toEqual(
      expect.arrayContaining(["reconciliation: refreshed from the issuer", "upstream approved the cardholder", "card created"]),
    );
    await expect(fixFinding(world.deps, staff, lag?.id ?? 0)).rejects.toMatchObject({ code: "INVALID_STATE" });

    expect(await fixAll(world.deps, staff, outcome.run.id)).toEqual({ fixed: 1, failed: 0 });
    const cardEvents = await listApplicationEvents(world.deps.db, withCard.id);
    expect(cardEvents.at(-1)).toMatchObject({
      reason: "reconciliation: card created at the issuer recorded",
      detail: { card_id: extra.id },
    });
    expect((await findApplication(world.deps.db, withCard.id))?.cardId).toBe(withCard.cardId);
    // The application keeps its card; the further one is recorded where /admin/cards lists it.
    expect((await listRecordedCards(world.deps.db, 10)).map((c) => [c.cardId, c.applicationId])).toEqual([[extra.id, withCard.id]]);
    expect(await findRecordedCard(world.deps.db, extra.id)).toMatchObject({ id: withCard.id, cardId: extra.id });

    const audit = await listAuditEntries(world.deps.db, { action: "reconciliation.fixed" }, 10);
    expect(audit.map((a) => a.applicationId).sort()).toEqual([lagging.id, withCard.id].sort());

    // A second run finds only what cannot be fixed here.
    const again = await runReconciliation(world.deps, { trigger: "manual", staff });
    expect(again.ran && again.run).toMatchObject({ unknownCardholders: 1, laggingStates: 0, unrecordedCards: 0 });
  });

  it("runs on the schedule at most once per interval", async () => {
    const first = await runReconciliation(world.deps, { trigger: "schedule", intervalMs: 3_600_000 });
    expect(first).toEqual({ ran: false, reason: "not_due" });
    const later = { ...world.deps, now: () => new Date(Date.now() + 3_600_001) };
    expect((await runReconciliation(later, { trigger: "schedule", intervalMs: 3_600_000 })).ran).toBe(true);
  });

  it("finds and fixes a status set at the issuer through its test helper, with no webhook", async () => {
    const app = await submitted();
    expect((await simulate(world, `/cardholders/${app.cardholderId}/status`, { status: "FAILED" })).status).toBe(200);
    const later = { ...world.deps, now: () => new Date(Date.now() + 3 * 3_600_000) };
    const outcome = await runReconciliation(later, { trigger: "manual", staff });
    if (!outcome.ran) throw new Error("the run did not start");
    const lag = (await listFindings(world.deps.db, outcome.run.id)).find((f) => f.applicationId === app.id);
    expect(lag).toMatchObject({ kind: "lagging_state", detail: { issuer_status: "FAILED", expected_state: "failed" } });
    expect((await fixFinding(world.deps, staff, lag?.id ?? 0)).state).toBe("failed");
    const events = await listApplicationEvents(world.deps.db, app.id);
    expect(events.at(-1)).toMatchObject({ fromState: "submitted", toState: "failed", reason: "upstream status FAILED" });
  });

  it("reads every page of the issuer's list", async () => {
    const all = await listAllCardholders(world.deps.issuer);
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    expect(all).toMatchObject({ partial: null, total: all.items.length });
    const paged = await listAllCardholders(world.deps.issuer, 1);
    expect(paged.items.map((c) => c.id).sort()).toEqual(all.items.map((c) => c.id).sort());
  });

  it("finds the portal's cardholder and card the issuer no longer has (404 there), and leaves them to staff", async () => {
    const gone = await submitted();
    const issued = await issueCardOnce(
      world.deps,
      (await move(world.deps, await submitted(), "approved", "approved (test)")) as Application,
    );
    expect((await simulate(world, `/cardholders/${gone.cardholderId}/forget`, {})).status).toBe(200);
    expect((await simulate(world, `/cards/${issued.cardId}/forget`, {})).status).toBe(200);
    await expect(getCardholder(world.deps.issuer, gone.cardholderId as string)).rejects.toMatchObject({ code: "CARDHOLDER_NOT_FOUND" });

    const later = { ...world.deps, now: () => new Date(Date.now() + 3_600_000) };
    const outcome = await runReconciliation(later, { trigger: "manual", staff });
    if (!outcome.ran) throw new Error("the run did not start");
    expect(outcome.run).toMatchObject({ error: null, partial: null, missingCardholders: 1, missingCards: 1 });
    const findings = await listFindings(world.deps.db, outcome.run.id);
    const missing = findings.find((f) => f.kind === "missing_cardholder");
    expect(missing).toMatchObject({ applicationId: gone.id, cardholderId: gone.cardholderId });
    const card = findings.find((f) => f.kind === "missing_card");
    expect(card).toMatchObject({ applicationId: issued.id, detail: { card_id: issued.cardId } });
    await expect(fixFinding(world.deps, staff, missing?.id ?? 0)).rejects.toMatchObject({ code: "INVALID_STATE" });
    expect(await fixAll(world.deps, staff, outcome.run.id)).toEqual({ fixed: 0, failed: 0 });
  });

  it("marks a run stopped at its page cap as partial, and calls nothing missing from the part it did not read", async () => {
    const later = { ...world.deps, now: () => new Date(Date.now() + 4 * 3_600_000) };
    const outcome = await runReconciliation(later, { trigger: "manual", staff }, { pageSize: 1, maxPages: 2 });
    if (!outcome.ran) throw new Error("the run did not start");
    expect(outcome.run).toMatchObject({ error: null, partial: "cap: 2 pages of 1", cardholdersSeen: 2, missingCardholders: 0 });
    expect(outcome.run.issuerTotal).toBeGreaterThan(2);
  });

  it("marks a run the issuer stopped answering half-way as partial, with the failed page and what was compared", async () => {
    let calls = 0;
    // The real sandbox, which starts failing every call once it has answered the first page.
    const issuer: IssuerClient = {
      ...world.deps.issuer,
      call: async (options) => {
        if (++calls === 2) expect((await simulate(world, "/faults", { error_rate: 1 })).status).toBe(200);
        return world.deps.issuer.call(options);
      },
    };
    const later = { ...world.deps, issuer, now: () => new Date(Date.now() + 4.5 * 3_600_000) };
    try {
      const outcome = await runReconciliation(later, { trigger: "manual", staff }, { pageSize: 1, maxPages: 1_000 });
      if (!outcome.ran) throw new Error("the run did not start");
      expect(outcome.run).toMatchObject({ error: null, cardholdersSeen: 1, missingCardholders: 0 });
      expect(outcome.run.partial).toMatch(/^page 2: /);
    } finally {
      await simulate(world, "/faults", {});
    }
  });

  it("keeps a run the issuer did not answer as failed, with no findings", async () => {
    const later = { ...world.deps, now: () => new Date(Date.now() + 5 * 3_600_000) };
    expect((await simulate(world, "/faults", { error_rate: 1 })).status).toBe(200);
    try {
      const outcome = await runReconciliation(later, { trigger: "manual", staff });
      if (!outcome.ran) throw new Error("the run did not start");
      expect(outcome.run.error).toBeTruthy();
      // Failed, not "agree": nothing was read, so no total and no finding either way.
      expect(outcome.run).toMatchObject({ partial: null, issuerTotal: null, missingCardholders: 0 });
      expect(await listFindings(world.deps.db, outcome.run.id)).toEqual([]);
    } finally {
      await simulate(world, "/faults", {});
    }
  });
});

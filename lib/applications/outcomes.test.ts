import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadDocument } from "@/lib/applications/documents";
import { saveDraftStep } from "@/lib/applications/draft";
import { outcomeOf } from "@/lib/applications/outcomes";
import { startApplication } from "@/lib/applications/start";
import { issueCardOnce } from "@/lib/applications/card-issuance";
import { refreshStatus } from "@/lib/applications/cardholder-status";
import { move } from "@/lib/applications/transition";
import { submitApplication } from "@/lib/applications/submit";
import { PNG_BYTES, SIMPLIFIED_ANSWERS, simulate, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { applicationView } from "@/lib/applications/view";
import { patchApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { getCardholder } from "@/lib/issuer/resources/cardholders";
import type { StepId } from "@/lib/requirements/types";
import { waitFor } from "@/test/wait-for";

// The spec's named card-creation refusals, produced by the real sandbox, and the state each leads to.
// The portal only asks for a card when its view says the rules allow it, so these arise when that view
// is stale (or the product changed): the tests make it stale on purpose.

let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

const email = () => `code.${crypto.randomUUID().slice(0, 8)}@example.com`;

async function submitted(productId: string): Promise<Application> {
  let { app } = await startApplication(world.deps, { productId });
  const answers: Record<string, Record<string, unknown>> = productId === "prod_travel_standard_usd"
    ? { ...STANDARD_ANSWERS, contact: { ...STANDARD_ANSWERS.contact, email: email() } }
    : { ...SIMPLIFIED_ANSWERS, contact: { ...SIMPLIFIED_ANSWERS.contact, email: email() } };
  if (productId === "prod_travel_standard_usd")
    app = (await uploadDocument(world.deps, app, { field: "identity.front_file_id", name: "p.png", bytes: PNG_BYTES })).app;
  for (const [step, values] of Object.entries(answers)) app = await saveDraftStep(world.deps, app, step as StepId, values);
  return submitApplication(world.deps, app);
}

/** The portal believes the cardholder approved (a stale view) and asks for the card. */
async function staleApprovedThenIssue(app: Application): Promise<Application> {
  const approved = (await move(world.deps, app, "approved", "stale view (test)")) as Application;
  return issueCardOnce(world.deps, approved);
}

describe("named upstream refusals map to states and messages", () => {
  it("CARDHOLDER_KYC_NOT_COMPLETE: back to waiting for the identity check", async () => {
    const app = await staleApprovedThenIssue(await submitted("prod_travel_standard_usd"));
    expect(app).toMatchObject({ state: "kyc_pending", failureCode: "CARDHOLDER_KYC_NOT_COMPLETE", cardRequestId: null });
    expect((await applicationView(world.deps, app)).stage).toBe("verifying");
  });

  it("CARDHOLDER_KYC_REJECTED: kyc_rejected, with a message about the identity check", async () => {
    const app = await submitted("prod_travel_standard_usd");
    await simulate(world, `/cardholders/${app.cardholderId}/kyc`, { kyc_status: "REJECTED" });
    const after = await staleApprovedThenIssue(app);
    expect(after).toMatchObject({ state: "kyc_rejected", failureCode: "CARDHOLDER_KYC_REJECTED" });
    expect((await applicationView(world.deps, after)).failure?.messageKey).toBe("status.failure.kycRejected");
  });

  it("CARDHOLDER_FIELDS_INCOMPLETE: failed, asking the person to contact the merchant", async () => {
    const created = await submitted("prod_virtual_simplified_usd");
    expect(created.state).toBe("submitted");
    // Before the card is asked for, the application's product becomes one that needs far more fields.
    const switched = (await patchApplication(world.deps.db, created.id, { productId: "prod_travel_standard_usd" })) as Application;
    // The sandbox approves basic cardholders after its delay: wait until it has, as seen by the issuer.
    await waitFor(async () => (await getCardholder(world.deps.issuer, created.cardholderId as string)).status === "SUCCESS", {
      what: "the sandbox's approval",
    });
    const app = await refreshStatus(world.deps, switched, { force: true });
    expect(app).toMatchObject({ state: "failed", failureCode: "CARDHOLDER_FIELDS_INCOMPLETE" });
    expect((await applicationView(world.deps, app)).failure).toEqual({
      code: "CARDHOLDER_FIELDS_INCOMPLETE",
      messageKey: "status.failure.fieldsIncomplete",
    });
  });

  it("CARDHOLDER_KYC_REFERENCE_ALREADY_EXISTS (THIRD_PARTY proofs only, which the cardholder flow never sends) ends the application", () => {
    expect(outcomeOf("CARDHOLDER_KYC_REFERENCE_ALREADY_EXISTS")).toEqual({ state: "failed", messageKey: "status.failure.referenceExists" });
    expect(outcomeOf("SOMETHING_NEW")).toEqual({ state: "failed", messageKey: "status.failure.other" });
  });
});

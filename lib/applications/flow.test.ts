import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { uploadDocument } from "@/lib/applications/documents";
import { saveDraftStep } from "@/lib/applications/draft";
import { answersOf } from "@/lib/applications/keys";
import { refreshStatus } from "@/lib/applications/cardholder-status";
import { startApplication } from "@/lib/applications/start";
import { submitApplication } from "@/lib/applications/submit";
import { ensureKycLink } from "@/lib/applications/kyc";
import { prevalidate } from "@/lib/applications/prevalidate";
import { applicationView, kycUrlOf } from "@/lib/applications/view";
import { PNG_BYTES, SIMPLIFIED_ANSWERS, simulate, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { findApplication, listApplicationEvents } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { createIssuerClient } from "@/lib/issuer/client";
import { getCardholder, listCardholdersV1 } from "@/lib/issuer/resources/cardholders";
import type { StepId } from "@/lib/requirements/types";
import { waitFor } from "@/test/wait-for";

// The onboarding domain against the sandbox over real HTTP: no mocked upstream.

let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());
beforeEach(async () => void (await simulate(world, "/faults", {})));

const unique = (email: string) => email.replace("@", `.${crypto.randomUUID().slice(0, 8)}@`);

async function fill(app: Application, answers: Record<string, Record<string, unknown>>): Promise<Application> {
  let current = app;
  for (const [step, values] of Object.entries(answers)) current = await saveDraftStep(world.deps, current, step as StepId, values);
  return current;
}

async function readyStandard(email = unique("ada@example.com")) {
  const { app } = await startApplication(world.deps, { productId: "prod_travel_standard_usd" });
  const uploaded = await uploadDocument(world.deps, app, { field: "identity.front_file_id", name: "passport.png", bytes: PNG_BYTES });
  return fill(uploaded.app, { ...STANDARD_ANSWERS, contact: { ...STANDARD_ANSWERS.contact, email } });
}

/** Refreshes from the issuer until `done` holds (or waitFor gives up); answers the last state seen. */
const until = async (app: Application, done: (a: Application) => boolean) => {
  let current = app;
  await waitFor(async () => done(current) || done((current = await refreshStatus(world.deps, current, { force: true }))), {
    what: "the awaited application state",
  }).catch(() => undefined); // the caller's assertion names the state it got instead
  return current;
};

describe("a Standard product with REDIRECT_LINK", () => {
  it("goes from start to card issued, every transition in the timeline", async () => {
    let app = await readyStandard();
    expect(await answersOf(world.deps, app)).toMatchObject({
      first_name: "Ada",
      identity: { front_file_id: expect.stringMatching(/^file_/) },
    });
    expect(await prevalidate(world.deps, app)).toMatchObject({ valid: true, fields: {} });

    app = await submitApplication(world.deps, app);
    expect(app).toMatchObject({ state: "kyc_pending", cardholderId: expect.stringMatching(/^ch_/) });
    // Stored sealed: the link is a bearer to the applicant's identity check.
    expect(app.kycUrl).not.toContain("/sandbox/kyc/");
    expect(await kycUrlOf(world.deps, app)).toContain("/sandbox/kyc/");
    await simulate(world, `/cardholders/${app.cardholderId}/kyc`, { kyc_status: "VERIFIED" });
    app = await until(app, (a) => a.state === "card_issued");
    expect(app).toMatchObject({ state: "card_issued", cardId: expect.stringMatching(/^card_/) });

    const timeline = (await listApplicationEvents(world.deps.db, app.id)).map((e) => e.toState);
    expect(timeline).toEqual(["draft", "submitted", "kyc_pending", "approved", "card_issuing", "card_issued"]);
    expect((await applicationView(world.deps, app)).stage).toBe("issued");
  });

  it("ends kyc_rejected when the identity check is rejected", async () => {
    let app = await submitApplication(world.deps, await readyStandard());
    await simulate(world, `/cardholders/${app.cardholderId}/kyc`, { kyc_status: "REJECTED" });
    app = await refreshStatus(world.deps, app, { force: true });
    expect(app).toMatchObject({ state: "kyc_rejected", failureCode: "CARDHOLDER_KYC_REJECTED" });
    expect((await applicationView(world.deps, app)).failure).toEqual({
      code: "CARDHOLDER_KYC_REJECTED",
      messageKey: "status.failure.kycRejected",
    });
  });

  it("re-issues an expired KYC link on request", async () => {
    const app = await submitApplication(world.deps, await readyStandard());
    const renewed = await ensureKycLink(world.deps, app, { renew: true });
    expect(renewed.kycUrl).not.toBe(app.kycUrl);
    expect(renewed.state).toBe("kyc_pending");
  });
});

describe("a Simplified product", () => {
  it("takes the basic flow (v1, no KYC) to card issued", async () => {
    const { app: started } = await startApplication(world.deps, { productId: "prod_virtual_simplified_usd" });
    expect(started.kycMethod).toBeNull();
    let app = await fill(started, {
      ...SIMPLIFIED_ANSWERS,
      contact: { ...SIMPLIFIED_ANSWERS.contact, email: unique("grace@example.com") },
    });
    app = await submitApplication(world.deps, app);
    expect(app.state).toBe("submitted");
    expect(world.sandbox.hits.some((h) => h.method === "POST" && h.path === "/api/open/v1/issuing/cardholders")).toBe(true);
    app = await until(app, (a) => a.state === "card_issued");
    expect(app.state).toBe("card_issued");
  });
});

describe("exactly once", () => {
  it("a submit retried after a lost answer leaves exactly one cardholder upstream", async () => {
    const email = unique("lost@example.com");
    const app = await readyStandard(email);
    // Every create-cardholder answer is lost (the write is carried out upstream), other calls go through.
    let dropCreates = true;
    let creates = 0;
    const issuer = createIssuerClient(
      { baseUrl: world.sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret", retryBaseMs: 5 },
      {
        fetchImpl: async (input, init) => {
          const create = init?.method === "POST" && String(input).endsWith("/api/open/v2/issuing/cardholders");
          if (create) creates += 1;
          if (create && dropCreates) await simulate(world, "/faults", { drop_rate: 1 });
          try {
            return await fetch(input, init);
          } finally {
            if (create) await simulate(world, "/faults", {});
          }
        },
      },
    );
    const deps = { ...world.deps, issuer };
    await expect(submitApplication(deps, app)).rejects.toMatchObject({ code: "BAD_GATEWAY" });
    expect(creates).toBe(3); // the client's own retries, all with the same X-Request-Id
    const stillDraft = (await findApplication(world.deps.db, app.id)) as Application;
    expect(stillDraft).toMatchObject({ state: "draft", cardholderRequestId: expect.any(String) });

    dropCreates = false;
    const submitted = await submitApplication(deps, stillDraft);
    expect(submitted.state).toBe("kyc_pending");
    expect(((await listCardholdersV1(world.deps.issuer, { email })) as { total: number }).total).toBe(1);
  });

  it("50 concurrent status calls after approval issue exactly one card", async () => {
    let app = await submitApplication(world.deps, await readyStandard());
    await simulate(world, `/cardholders/${app.cardholderId}/kyc`, { kyc_status: "VERIFIED" });
    // Wait for the sandbox's approval (its delay), as the issuer reports it, before the 50 calls.
    await waitFor(async () => (await getCardholder(world.deps.issuer, app.cardholderId as string)).status === "SUCCESS", {
      what: "the sandbox's approval",
    });
    app = (await findApplication(world.deps.db, app.id)) as Application;
    const before = world.sandbox.hits.filter((h) => h.path === "/api/open/v2/issuing/cards").length;
    const results = await Promise.all(Array.from({ length: 50 }, () => refreshStatus(world.deps, app, { force: true })));
    const final = await until((await findApplication(world.deps.db, app.id)) as Application, (a) => a.state === "card_issued");
    expect(final.state).toBe("card_issued");
    expect(world.sandbox.hits.filter((h) => h.path === "/api/open/v2/issuing/cards").length - before).toBe(1);
    expect(new Set(results.map((r) => r.cardId).filter(Boolean)).size).toBeLessThanOrEqual(1);
  });
});

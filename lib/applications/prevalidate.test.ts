import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { uploadDocument } from "@/lib/applications/documents";
import { saveDraftStep } from "@/lib/applications/draft";
import { prevalidate } from "@/lib/applications/prevalidate";
import { startApplication } from "@/lib/applications/start";
import { submitApplication } from "@/lib/applications/submit";
import { PNG_BYTES, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import type { AppDeps } from "@/lib/applications/deps";
import { findApplication } from "@/lib/db/applications";
import { upstreamRequests, type Application } from "@/lib/db/schema";
import { createIssuerClient } from "@/lib/issuer/client";
import { databaseAudit } from "@/lib/issuer";
import type { StepId } from "@/lib/requirements/types";

// Each pre-validation is an issuer call with the merchant's key (issue #24, item 9): an unchanged draft is
// answered from the stored result, so a script repeating the call costs the issuer nothing.

let world: TestWorld;
let deps: AppDeps;
beforeAll(async () => {
  world = await startTestWorld();
  // The process's audit sink: every upstream attempt is a row of upstream_requests, as in the app.
  const issuer = createIssuerClient(
    { baseUrl: world.sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret", retryBaseMs: 5 },
    {
      audit: databaseAudit(
        async () => world.handle.db,
        () => world.deps.keys,
      ),
    },
  );
  deps = { ...world.deps, issuer };
});
afterAll(async () => world.close());

const validateCalls = async (app: Application) =>
  (
    await world.handle.db
      .select({ id: upstreamRequests.id })
      .from(upstreamRequests)
      .where(and(eq(upstreamRequests.applicationId, app.id), like(upstreamRequests.path, "%/validate")))
  ).length;

async function ready(): Promise<Application> {
  const { app } = await startApplication(deps, { productId: "prod_travel_standard_usd" });
  let current = (await uploadDocument(deps, app, { field: "identity.front_file_id", name: "passport.png", bytes: PNG_BYTES })).app;
  const email = `cache.${crypto.randomUUID().slice(0, 8)}@example.com`;
  for (const [step, values] of Object.entries({ ...STANDARD_ANSWERS, contact: { ...STANDARD_ANSWERS.contact, email } }))
    current = await saveDraftStep(deps, current, step as StepId, values);
  return current;
}

describe("prevalidate", () => {
  it("calls the issuer once for an unchanged draft, and again once the answers change", async () => {
    let app = await ready();
    for (let i = 0; i < 5; i++) {
      expect(await prevalidate(deps, app)).toMatchObject({ valid: true, fields: {} });
      app = (await findApplication(deps.db, app.id)) ?? app;
    }
    expect(await validateCalls(app)).toBe(1);

    app = await saveDraftStep(deps, app, "contact", { ...STANDARD_ANSWERS.contact, email: "changed.cache@example.com" });
    expect(await prevalidate(deps, app)).toMatchObject({ valid: true });
    app = (await findApplication(deps.db, app.id)) ?? app;
    expect(await prevalidate(deps, app)).toMatchObject({ valid: true });
    expect(await validateCalls(app)).toBe(2);
  });

  it("a draft the local check refuses never reaches the issuer", async () => {
    const { app } = await startApplication(deps, { productId: "prod_travel_standard_usd" });
    for (let i = 0; i < 3; i++) expect((await prevalidate(deps, app)).valid).toBe(false);
    expect(await validateCalls(app)).toBe(0);
  });

  it("a submission after a stored check still creates the cardholder", async () => {
    let app = await ready();
    await prevalidate(deps, app);
    app = (await findApplication(deps.db, app.id)) ?? app;
    expect(await submitApplication(deps, app)).toMatchObject({ state: "kyc_pending", cardholderId: expect.stringMatching(/^ch_/) });
  });
});

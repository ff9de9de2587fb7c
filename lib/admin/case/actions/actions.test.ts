import { randomUUID } from "node:crypto";
import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { correctCardholder } from "@/lib/admin/case/actions/correct";
import { createInvite } from "@/lib/admin/case/actions/invite";
import { markFailed, reopenDraft, retryCardIssuance } from "@/lib/admin/case/actions/lifecycle";
import { issueResumeLink, reissueKycLink } from "@/lib/admin/case/actions/links";
import { submitThirdParty } from "@/lib/admin/case/actions/third-party";
import { previewResume, resumeWithToken } from "@/lib/applications/access";
import { uploadDocument } from "@/lib/applications/documents";
import { saveDraftStep } from "@/lib/applications/draft";
import { openInvite } from "@/lib/applications/invite-token";
import { answersOf } from "@/lib/applications/keys";
import { startApplication } from "@/lib/applications/start";
import { refreshStatus } from "@/lib/applications/cardholder-status";
import { submitApplication } from "@/lib/applications/submit";
import { approvedApplication, PNG_BYTES, simulate, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { findApplication, listApplicationEvents } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { listAuditEntries } from "@/lib/db/staff-audit";
import type { StepId } from "@/lib/requirements/types";
import { waitFor } from "@/test/wait-for";
import { databaseAudit } from "@/lib/issuer";
import { createIssuerClient } from "@/lib/issuer/client";

// Every staff action against the sandbox over real HTTP (PGlite): state checks, the upstream effect, the audit.

let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());
beforeEach(async () => void (await simulate(world, "/faults", {})));

const staff = { id: randomUUID(), email: "agent@example.com", ip: "10.0.0.1" };
const audit = (id: string) => listAuditEntries(world.deps.db, { applicationId: id }, 20);
const reload = async (app: Pick<Application, "id">) => (await findApplication(world.deps.db, app.id)) as Application;

async function readyStandard(): Promise<Application> {
  const { app } = await startApplication(world.deps, { productId: "prod_travel_standard_usd" });
  let current = (await uploadDocument(world.deps, app, { field: "identity.front_file_id", name: "passport.png", bytes: PNG_BYTES })).app;
  const email = `ada.${randomUUID().slice(0, 8)}@example.com`;
  for (const [step, values] of Object.entries({ ...STANDARD_ANSWERS, contact: { ...STANDARD_ANSWERS.contact, email } }))
    current = await saveDraftStep(world.deps, current, step as StepId, values);
  return current;
}

const until = async (app: Application, done: (a: Application) => boolean) => {
  let current = app;
  await waitFor(async () => done(current) || done((current = await refreshStatus(world.deps, await reload(current), { force: true }))), {
    what: "the awaited state",
  }).catch(() => undefined);
  return current;
};

describe("links", () => {
  it("re-issues the identity-check link of a waiting application, audited without the link", async () => {
    const app = await submitApplication(world.deps, await readyStandard());
    expect(app.state).toBe("kyc_pending");
    const link = await reissueKycLink(world.deps, staff, app.id);
    expect(link.url).toMatch(/\/kyc\//);
    expect(link.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(link.qr.split(",")[1] ?? "", "base64").toString()).toContain("<svg");
    const [entry] = await audit(app.id);
    expect(entry).toMatchObject({ action: "application.kyc_link_issued", staffEmail: staff.email });
    expect(JSON.stringify(entry?.detail)).not.toContain(link.url);
    const draft = await readyStandard();
    await expect(reissueKycLink(world.deps, staff, draft.id)).rejects.toMatchObject({ code: "INVALID_STATE" });
    await expect(reissueKycLink(world.deps, staff, "app_nonexistentnonexistent0")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("issues a fresh resume link that revokes the older ones and works once", async () => {
    const { app, resumeToken } = await startApplication(world.deps, { productId: "prod_virtual_simplified_usd" });
    const first = await issueResumeLink(world.deps, staff, app.id);
    const second = await issueResumeLink(world.deps, staff, app.id);
    const tokenOf = (url: string) => url.split("/").pop() ?? "";
    await expect(previewResume(world.deps, resumeToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(previewResume(world.deps, tokenOf(first.url))).rejects.toMatchObject({ code: "NOT_FOUND" });
    await resumeWithToken(world.deps, tokenOf(second.url));
    await expect(resumeWithToken(world.deps, tokenOf(second.url))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await audit(app.id)).map((e) => e.action)).toEqual(["application.resume_link_issued", "application.resume_link_issued"]);
  });

  it("issues the link at the instant its timeline entry shows: the expiry is that time plus the link's 14 days", async () => {
    const { app } = await startApplication(world.deps, { productId: "prod_virtual_simplified_usd" });
    const link = await issueResumeLink(world.deps, staff, app.id);
    const [entry] = await audit(app.id);
    expect(new Date(link.expiresAt).getTime() - (entry?.at.getTime() ?? 0)).toBe(14 * 86_400_000);
  });
});

describe("state changes", () => {
  it("marks a draft failed with a reason, then reopens it for the applicant", async () => {
    const app = await readyStandard();
    expect(await markFailed(world.deps, staff, app.id, "Duplicate of another application")).toEqual({ state: "failed" });
    expect(await reload(app)).toMatchObject({ failureCode: "STAFF_FAILED", failureMessage: "Duplicate of another application" });
    await expect(markFailed(world.deps, staff, app.id, "again, please")).rejects.toMatchObject({ code: "INVALID_STATE" });
    expect(await reopenDraft(world.deps, staff, app.id)).toEqual({ state: "draft" });
    const reopened = await reload(app);
    expect(reopened).toMatchObject({ state: "draft", failureCode: null });
    expect(await answersOf(world.deps, reopened)).toMatchObject({ first_name: "Ada" });
    const events = await listApplicationEvents(world.deps.db, app.id);
    expect(events.map((e) => [e.fromState, e.toState])).toEqual(
      expect.arrayContaining([
        ["draft", "failed"],
        ["failed", "draft"],
      ]),
    );
    expect((await audit(app.id)).map((e) => e.action)).toEqual(["application.reopened", "application.failed_by_staff"]);
    // It can be sent again: the refused attempt's request id is gone.
    expect((await submitApplication(world.deps, reopened)).state).toBe("kyc_pending");
  });

  it("never reopens an application that reached the issuer", async () => {
    const app = await submitApplication(world.deps, await readyStandard());
    await markFailed(world.deps, staff, app.id, "Applicant asked us to stop");
    await expect(reopenDraft(world.deps, staff, app.id)).rejects.toMatchObject({ code: "INVALID_STATE" });
  });

  it("retries a stalled issuance with the same request, and a refused one once the issuer approves", async () => {
    let app = await submitApplication(world.deps, await readyStandard());
    await simulate(world, `/cardholders/${app.cardholderId}/kyc`, { kyc_status: "VERIFIED" });
    await simulate(world, `/cardholders/${app.cardholderId}/status`, { status: "SUCCESS" });
    // The card is created upstream but every answer is lost: the issuance stays claimed with its request id.
    await simulate(world, "/faults", { drop_rate: 1 });
    app = await until(app, (a) => a.state === "card_issuing");
    expect(app.state).toBe("card_issuing");
    const requestId = app.cardRequestId;
    await simulate(world, "/faults", {});
    expect(app.cardId).toBeNull();
    // A fresh claim belongs to whoever made it: the retry leaves it alone, and says the issuer's answer was lost.
    expect(await retryCardIssuance(world.deps, staff, app.id)).toMatchObject({
      state: "card_issuing",
      unavailable: { requestId, retryFrom: expect.any(String) },
    });
    const later = { ...world.deps, now: () => new Date(Date.now() + 60_000) };
    expect(await retryCardIssuance(later, staff, app.id)).toEqual({ state: "card_issued" });
    expect((await reload(app)).cardRequestId).toBe(requestId);
    expect((await audit(app.id))[0]).toMatchObject({
      action: "application.card_retried",
      detail: { from: "card_issuing", to: "card_issued" },
    });

    const refused = await submitApplication(world.deps, await readyStandard());
    await markFailed(world.deps, staff, refused.id, "Issuer refused, fields since corrected");
    await expect(retryCardIssuance(world.deps, staff, refused.id)).rejects.toMatchObject({ code: "INVALID_STATE" });
    await simulate(world, `/cardholders/${refused.cardholderId}/kyc`, { kyc_status: "VERIFIED" });
    await simulate(world, `/cardholders/${refused.cardholderId}/status`, { status: "SUCCESS" });
    expect(await retryCardIssuance(world.deps, staff, refused.id)).toEqual({ state: "card_issued" });
  });
});

describe("the issuer failing", () => {
  it("a retry the issuer answers 503 says so, with the status, the request id and the next try, never issued", async () => {
    // The issuer client as the app has it: every call recorded in upstream_requests (the timeline's source).
    const config = { baseUrl: world.sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret", retryBaseMs: 5 };
    const audit = databaseAudit(
      async () => world.deps.db,
      () => world.deps.keys,
    );
    const deps = { ...world.deps, issuer: createIssuerClient(config, { audit }) };
    const app = await approvedApplication(world, "retry503");
    await simulate(world, "/faults", { error_rate: 1 });
    const outcome = await retryCardIssuance(deps, staff, app.id);
    const stored = await reload(app);
    expect(outcome).toEqual({
      state: "card_issuing",
      unavailable: { status: 503, code: expect.any(String), requestId: stored.cardRequestId, retryFrom: expect.any(String) },
    });
    expect(Date.parse(outcome.unavailable?.retryFrom ?? "")).toBeGreaterThan(Date.now() - 30_000);
    expect(stored.cardId).toBeNull();
  });
});

describe("upstream changes", () => {
  it("corrects only an email and a mobile on a product without an address, and sends no address", async () => {
    const app = await approvedApplication(world, "grace");
    const result = await correctCardholder(world.deps, staff, app.id, { email: "grace.new@example.com", mobile_number: "202 555 0199" });
    expect(result.changed).toEqual(["email", "mobile_number"]);
    const detail = await world.deps.issuer.call({
      method: "GET",
      path: `/api/open/v1/issuing/cardholders/${app.cardholderId}`,
      schema: z.record(z.string(), z.unknown()),
    });
    expect(JSON.stringify(detail)).toContain("2025550199");
    expect(JSON.stringify(detail)).not.toContain("billing_address");
    await expect(correctCardholder(world.deps, staff, app.id, { mobile_number: "555" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { mobile_number: "errors.field.mobile_number" },
    });
  });

  it("corrects contact details and the address upstream, auditing the field names only", async () => {
    const app = await submitApplication(world.deps, await readyStandard());
    const input = {
      email: "ada.new@example.com",
      area_code: "+44",
      mobile_number: "7700900999",
      billing_address: { country: "GB", city: "London", line1: "10 Downing Street", postcode: "SW1A 2AA" },
    };
    await expect(correctCardholder(world.deps, staff, app.id, { ...input, email: "nope" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { email: "errors.field.email" },
    });
    const result = await correctCardholder(world.deps, staff, app.id, input);
    expect(result.changed).toEqual(expect.arrayContaining(["email", "mobile_number", "billing_address.city"]));
    const detail = await world.deps.issuer.call({
      method: "GET",
      path: `/api/open/v1/issuing/cardholders/${app.cardholderId}`,
      schema: z.record(z.string(), z.unknown()),
    });
    expect(JSON.stringify(detail)).toContain("10 Downing Street");
    expect(await answersOf(world.deps, await reload(app))).toMatchObject({ email: "ada.new@example.com" });
    const [entry] = await audit(app.id);
    expect(entry).toMatchObject({ action: "application.cardholder_updated", detail: { fields: result.changed } });
    expect(JSON.stringify(entry?.detail)).not.toContain("ada.new@example.com");
    await expect(correctCardholder(world.deps, staff, app.id, input)).rejects.toMatchObject({
      fields: { _form: "admin.actions.correct.nothing" },
    });
  });

  it("corrects to a Hong Kong address without a postcode: the issuer gets the stand-in it requires, the answers keep none", async () => {
    // Premium requires a billing postcode; Hong Kong has none.
    let { app } = await startApplication(world.deps, { productId: "prod_premium_enhanced_eur" });
    for (const side of ["front", "back"])
      app = (await uploadDocument(world.deps, app, { field: `identity.${side}_file_id`, name: `${side}.png`, bytes: PNG_BYTES })).app;
    const answers: Array<[StepId, Record<string, unknown>]> = [
      ["about-you", { first_name: "Tai Man", last_name: "Chan", birth_date: "1990-05-17", gender: "1", nationality: "HK" }],
      ["contact", { email: `chan.${randomUUID().slice(0, 8)}@example.com`, area_code: "+852", mobile_number: "91234567" }],
      ["address", { billing_address: { country: "GB", city: "London", line1: "10 Downing Street", postcode: "SW1A 2AA" } }],
      ["identity-document", { identity: { type: "HK_HKID", number: "A123456(3)", issue_country: "HK", expiry_date: "2031-05-01" } }],
    ];
    for (const [step, values] of answers) app = await saveDraftStep(world.deps, app, step, values);
    app = await submitApplication(world.deps, app);
    const hongKong = { country: "HK", city: "Central", line1: "1 Queen's Road Central" };
    await expect(correctCardholder(world.deps, staff, app.id, { billing_address: { ...hongKong, country: "GB" } })).rejects.toMatchObject({
      fields: { "billing_address.postcode": "errors.field.required" },
    });
    const result = await correctCardholder(world.deps, staff, app.id, { billing_address: hongKong });
    expect(result.changed).toContain("billing_address.postcode");
    const detail = await world.deps.issuer.call({
      method: "GET",
      path: `/api/open/v1/issuing/cardholders/${app.cardholderId}`,
      schema: z.object({ billing_address: z.record(z.string(), z.unknown()) }).passthrough(),
    });
    expect(detail.billing_address).toMatchObject({ country: "HK", postcode: "000000" });
    expect((await answersOf(world.deps, await reload(app))).billing_address).toEqual(hongKong);
  });

  it("creates a THIRD_PARTY cardholder that reaches a card, and refuses a reference id used before", async () => {
    const reference = `ref_${randomUUID()}`;
    const document = { name: "idv-report.png", bytes: PNG_BYTES };
    const app = await readyStandard();
    const created = await submitThirdParty(world.deps, staff, app.id, { provider: "Onfido", referenceId: reference, document });
    expect(created).toMatchObject({ state: "submitted", cardholderId: expect.stringMatching(/^ch_/) });
    expect(await reload(app)).toMatchObject({ kycMethod: "THIRD_PARTY" });
    expect((await audit(app.id))[0]).toMatchObject({ action: "application.third_party_submitted", detail: { provider: "Onfido" } });
    expect((await until(await reload(app), (a) => a.state === "card_issued")).state).toBe("card_issued");

    const second = await readyStandard();
    await expect(
      submitThirdParty(world.deps, staff, second.id, { provider: "Onfido", referenceId: reference, document }),
    ).rejects.toMatchObject({
      code: "UPSTREAM_REFUSED",
      message: expect.stringContaining("CARDHOLDER_KYC_REFERENCE_ALREADY_EXISTS"),
      fields: { referenceId: "admin.actions.thirdParty.referenceUsed" },
    });
    expect(await reload(second)).toMatchObject({ state: "draft", cardholderId: null, cardholderRequestId: null });
    await expect(
      submitThirdParty(world.deps, staff, second.id, { provider: "Onfido", referenceId: `ref_${randomUUID()}`, document }),
    ).resolves.toMatchObject({ state: "submitted" });
  });

  it("starts an invited applicant's draft with the email filled in and searchable", async () => {
    const { app } = await startApplication(world.deps, { productId: "prod_travel_standard_usd", email: "invited@example.com" });
    expect(await answersOf(world.deps, app)).toEqual({ email: "invited@example.com" });
    expect(app.emailIndex).toEqual(expect.any(String));
  });

  it("creates an invitation for an ENABLED product only", async () => {
    const invite = await createInvite(world.deps, staff, { productId: "prod_travel_standard_usd", email: "new.person@example.com" });
    // The email only sealed in the token: nothing of it in the link (issue #27, item 11).
    expect(invite.url).toMatch(/^http:\/\/portal\.test\/\?product=prod_travel_standard_usd&invite=[\w.-]+$/);
    expect(invite.url).not.toMatch(/new\.person|example/);
    const token = new URL(invite.url).searchParams.get("invite") ?? "";
    expect(openInvite(world.deps.keys, token, world.deps.now())).toEqual({
      state: "valid",
      productId: "prod_travel_standard_usd",
      email: "new.person@example.com",
    });
    await expect(
      createInvite(world.deps, staff, { productId: "prod_corporate_standard_disabled", email: "a@example.com" }),
    ).rejects.toThrow();
    await expect(createInvite(world.deps, staff, { productId: "prod_travel_standard_usd", email: "bad" })).rejects.toMatchObject({
      fields: { email: "errors.field.email" },
    });
  });
});

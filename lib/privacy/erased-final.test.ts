import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { correctCardholder } from "@/lib/admin/case/actions/correct";
import { markFailed, reopenDraft, retryCardIssuance } from "@/lib/admin/case/actions/lifecycle";
import { issueResumeLink, reissueKycLink } from "@/lib/admin/case/actions/links";
import { submitThirdParty } from "@/lib/admin/case/actions/third-party";
import { addNote, claimCase, revealValue, viewDocument } from "@/lib/admin/case/reveal-note-claim";
import { loadWithAccess, previewResume, resumeWithToken } from "@/lib/applications/access";
import { uploadDocument } from "@/lib/applications/documents";
import { saveDraftStep } from "@/lib/applications/draft";
import { startApplication } from "@/lib/applications/start";
import { heldApplications } from "@/lib/applications/held";
import { submitApplication } from "@/lib/applications/submit";
import { move } from "@/lib/applications/transition";
import { PNG_BYTES, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import type { Staff } from "@/lib/auth/current-staff";
import { patchApplication } from "@/lib/db/applications";
import { rowsOf } from "@/lib/db/rows";
import type { Application } from "@/lib/db/schema";
import { eraseSubject } from "@/lib/privacy/erase";
import { fixFinding } from "@/lib/reconciliation/fix";
import type { StepId } from "@/lib/requirements/types";

// Issue #24, item 6: after an erasure nothing brings personal data back. Every staff action, the resume link, the
// applicant's browser and whatever was in flight at the moment of the erasure is refused, and changes nothing.

let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

const staff: Staff = { id: randomUUID(), email: "agent@example.com", name: "Agent", role: "admin", ip: "10.0.0.1" };
const ERASED = { code: "APPLICATION_ERASED", status: 410 };

/** A complete Standard draft of a person of its own (email and identity number), with its passport uploaded. */
async function readyDraft() {
  const started = await startApplication(world.deps, { productId: "prod_travel_standard_usd" });
  let app = (await uploadDocument(world.deps, started.app, { field: "identity.front_file_id", name: "passport.png", bytes: PNG_BYTES }))
    .app;
  const tag = randomUUID().slice(0, 8);
  const answers = {
    ...STANDARD_ANSWERS,
    contact: { ...STANDARD_ANSWERS.contact, email: `ada.${tag}@example.com` },
    "identity-document": { identity: { ...STANDARD_ANSWERS["identity-document"].identity, number: `P${tag.toUpperCase()}` } },
  };
  for (const [step, values] of Object.entries(answers)) app = await saveDraftStep(world.deps, app, step as StepId, values);
  return { ...started, app };
}

const erase = (app: Application) =>
  eraseSubject(world.deps.db, world.deps.keys, staff, app.id, { confirm: app.id, reason: "request by email" });

/** Everything the portal holds about one application, to show a refused action changed nothing. */
async function snapshot(id: string): Promise<string> {
  const rows = async (query: ReturnType<typeof sql>) => rowsOf(await world.deps.db.execute(query));
  return JSON.stringify([
    await rows(sql`select * from applications where id = ${id}`),
    await rows(sql`select * from application_files where application_id = ${id}`),
    await rows(sql`select * from application_notes where application_id = ${id}`),
    await rows(sql`select id, revoked_at, revoked_reason from application_bindings where application_id = ${id} order by id`),
    await rows(sql`select id from application_events where application_id = ${id} order by id`),
    await rows(sql`select id from staff_audit_log where application_id = ${id} order by id`),
  ]);
}

/** Each attempt is refused as erased (410), and the application is exactly as the erasure left it. */
async function expectRefused(app: Application, attempts: Record<string, () => Promise<unknown>>) {
  const before = await snapshot(app.id);
  for (const [name, attempt] of Object.entries(attempts)) {
    await expect(attempt(), name).rejects.toMatchObject(ERASED);
  }
  expect(await snapshot(app.id)).toBe(before);
}

describe("staff actions on an erased application", () => {
  it("an erased draft: resume link, identity proof, mark failed, note, claim, reveal, document are refused", async () => {
    const { app } = await readyDraft();
    const fileId = String(
      rowsOf<{ file_id: string }>(
        await world.deps.db.execute(sql`select file_id from application_files
      where application_id = ${app.id}`),
      )[0]?.file_id,
    );
    await erase(app);
    const proof = { provider: "Onfido", referenceId: `ref_${randomUUID()}`, document: { name: "idv.png", bytes: PNG_BYTES } };
    await expectRefused(app, {
      resumeLink: () => issueResumeLink(world.deps, staff, app.id),
      kycLink: () => reissueKycLink(world.deps, staff, app.id),
      thirdParty: () => submitThirdParty(world.deps, staff, app.id, proof),
      markFailed: () => markFailed(world.deps, staff, app.id, "Duplicate application"),
      note: () => addNote(staff, app.id, "called the applicant back", world.deps),
      claim: () => claimCase(staff, app.id, false, world.deps),
      reveal: () => revealValue(staff, app.id, "identity.number", world.deps),
      document: () => viewDocument(staff, app.id, fileId, world.deps),
    });
  });

  it("an erased failed draft cannot be reopened, and its timeline keeps the state without the staff's words", async () => {
    const { app } = await readyDraft();
    await markFailed(world.deps, staff, app.id, "Ada Lovelace asked us to stop");
    await erase(app);
    await expectRefused(app, { reopen: () => reopenDraft(world.deps, staff, app.id) });
    const timeline = rowsOf<{ to_state: string; reason: string }>(
      await world.deps.db.execute(sql`select to_state, reason from application_events where application_id = ${app.id} order by id`),
    );
    expect(timeline.at(-1)).toEqual({ to_state: "failed", reason: "marked failed by staff" });
    expect(JSON.stringify(timeline)).not.toContain("Lovelace");
  });

  it("an erased refused issuance: no retry, no correction sent upstream or kept", async () => {
    const submitted = await submitApplication(world.deps, (await readyDraft()).app);
    await markFailed(world.deps, staff, submitted.id, "Issuer refused the card");
    await erase(submitted);
    const correction = {
      email: "ada.back@example.com",
      area_code: "+44",
      mobile_number: "7700900999",
      billing_address: { country: "GB", city: "London", line1: "10 Downing Street", postcode: "SW1A 2AA" },
    };
    // A reconciliation finding about it (the issuer approved the cardholder since): fixing it would move the state.
    const finding = rowsOf<{ id: number }>(
      await world.deps.db.execute(sql`with run as (insert into reconciliation_runs (trigger) values ('manual') returning id)
        insert into reconciliation_findings (run_id, kind, application_id, cardholder_id, detail)
        select id, 'lagging_state', ${submitted.id}, ${submitted.cardholderId}, '{}'::jsonb from run returning id`),
    )[0]?.id as number;
    await expectRefused(submitted, {
      retry: () => retryCardIssuance(world.deps, staff, submitted.id),
      correct: () => correctCardholder(world.deps, staff, submitted.id, correction),
      reconciliation: () => fixFinding(world.deps, staff, finding),
    });
  });
});

describe("the applicant's side of an erased application", () => {
  it("the browser that held it is told it was erased; other cookies and every resume link find nothing", async () => {
    const { app, bindingToken, resumeToken } = await readyDraft();
    await erase(app);
    await expect(loadWithAccess(world.deps, app.id, bindingToken)).rejects.toMatchObject(ERASED);
    // The home page offers nothing to continue (and does not fail).
    expect(await heldApplications(world.deps, [{ id: app.id, value: bindingToken }])).toEqual([]);
    await expect(loadWithAccess(world.deps, app.id, "x".repeat(43))).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(previewResume(world.deps, resumeToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resumeWithToken(world.deps, resumeToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a save, an upload or a state move that loaded the application before the erasure writes nothing after it", async () => {
    const { app } = await readyDraft();
    const loaded = app;
    await erase(app);
    const contact = { email: "ada.again@example.com", area_code: "+44", mobile_number: "7700900123" };
    await expectRefused(app, {
      save: () => saveDraftStep(world.deps, loaded, "contact", contact),
      upload: () => uploadDocument(world.deps, loaded, { field: "identity.front_file_id", name: "again.png", bytes: PNG_BYTES }),
    });
    const before = await snapshot(app.id);
    expect(await patchApplication(world.deps.db, app.id, { locale: "en" })).toBeUndefined();
    expect(await move(world.deps, app, "fail", "a late refusal")).toBeUndefined();
    expect(await snapshot(app.id)).toBe(before);
  });
});

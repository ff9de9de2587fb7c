import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueResumeLink, reissueKycLink } from "@/lib/admin/case/actions/links";
import { sendLinkToApplicant } from "@/lib/admin/case/actions/send-link";
import type { AppDeps } from "@/lib/applications/deps";
import { uploadDocument } from "@/lib/applications/documents";
import { saveDraftStep } from "@/lib/applications/draft";
import { sealingKeys } from "@/lib/applications/keys";
import { startApplication } from "@/lib/applications/start";
import { submitApplication } from "@/lib/applications/submit";
import { PNG_BYTES, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { open } from "@/lib/crypto/secret-box";
import { listApplicationEvents } from "@/lib/db/applications";
import { findMail, listApplicationMail } from "@/lib/db/mail-outbox";
import { listAuditEntries } from "@/lib/db/staff-audit";
import type { StepId } from "@/lib/requirements/types";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";

// "Send to applicant": the current link goes to the address in the answers, in the application's language, sealed
// with its data key, on the timeline and in the audit log; refused without an address, a link, or mail.

let world: TestWorld;
let deps: AppDeps;
beforeAll(async () => {
  world = await startTestWorld();
  deps = { ...world.deps, mail: TEST_MAIL_SETTINGS };
});
afterAll(async () => world.close());

const staff = { id: randomUUID(), email: "agent@example.com", ip: "10.0.0.1" };
const contact = (email: string) => ({ email, area_code: "+44", mobile_number: "7700900123" });

describe("sending a link to the applicant", () => {
  it("emails the resume link just issued to the applicant's address, in their language, recorded twice", async () => {
    const { app } = await startApplication(deps, { productId: "prod_virtual_simplified_usd", locale: "zh-CN" });
    const draft = await saveDraftStep(deps, app, "contact", contact("Mei.Ling@example.com"));
    const link = await issueResumeLink(deps, staff, draft.id);
    const answer = await sendLinkToApplicant(deps, staff, draft.id, "resume");
    expect(answer).toMatchObject({ emailed: true, recipient: "M•••@example.com" });
    const [mail] = await listApplicationMail(deps.db, draft.id);
    expect(mail).toMatchObject({ kind: "staff_link", state: "pending", recipientMasked: "M•••@example.com" });
    const row = await findMail(deps.db, answer.mailId);
    expect(row).toMatchObject({ locale: "zh-CN", staffUserId: staff.id, applicationId: draft.id });
    const payload = JSON.parse(open(row?.payloadSealed ?? "", await sealingKeys(deps, draft.id))) as unknown;
    expect(payload).toEqual({ to: "Mei.Ling@example.com", params: { link: link.url, linkKind: "resume", expires: link.expiresAt } });
    const events = await listApplicationEvents(deps.db, draft.id);
    expect(events.at(-1)).toMatchObject({ reason: "resume link emailed to the applicant by staff" });
    const [entry] = await listAuditEntries(deps.db, { applicationId: draft.id }, 1);
    expect(entry).toMatchObject({ action: "application.link_emailed", target: "M•••@example.com" });
    expect(JSON.stringify(entry?.detail)).not.toContain(link.url);
  });

  it("emails the identity-check link of a waiting application", async () => {
    const { app } = await startApplication(deps, { productId: "prod_travel_standard_usd" });
    let current = (await uploadDocument(deps, app, { field: "identity.front_file_id", name: "passport.png", bytes: PNG_BYTES })).app;
    const answers = { ...STANDARD_ANSWERS, contact: contact(`ada.${randomUUID().slice(0, 8)}@example.com`) };
    for (const [step, values] of Object.entries(answers)) current = await saveDraftStep(deps, current, step as StepId, values);
    const submitted = await submitApplication(deps, current);
    const link = await reissueKycLink(deps, staff, submitted.id);
    const answer = await sendLinkToApplicant(deps, staff, submitted.id, "kyc");
    const row = await findMail(deps.db, answer.mailId);
    const payload = JSON.parse(open(row?.payloadSealed ?? "", await sealingKeys(deps, submitted.id))) as { params: unknown };
    expect(payload.params).toEqual({ link: link.url, linkKind: "kyc", expires: link.expiresAt });
    expect(row?.locale).toBe("en");
  });

  it("refuses without an address (422), for a link that does not apply (409), and with mail off", async () => {
    const { app } = await startApplication(deps, { productId: "prod_virtual_simplified_usd" });
    await expect(sendLinkToApplicant(deps, staff, app.id, "resume")).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { email: "admin.actions.send.noEmail" },
    });
    await expect(sendLinkToApplicant(deps, staff, app.id, "kyc")).rejects.toMatchObject({ code: "INVALID_STATE" });
    const withEmail = await saveDraftStep(deps, app, "contact", contact("off@example.com"));
    const off = { ...deps, mail: { ...TEST_MAIL_SETTINGS, enabled: false } };
    await expect(sendLinkToApplicant(off, staff, withEmail.id, "resume")).rejects.toMatchObject({ code: "INVALID_STATE" });
    expect(await listApplicationMail(deps.db, app.id)).toEqual([]);
  });
});

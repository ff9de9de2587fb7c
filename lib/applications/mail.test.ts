import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resumeUrlOf } from "@/lib/applications/access";
import { refreshStatus } from "@/lib/applications/cardholder-status";
import { saveDraftStep } from "@/lib/applications/draft";
import { openingKeys } from "@/lib/applications/keys";
import { queueKycReminders } from "@/lib/applications/kyc-reminders";
import { emailResumeLink } from "@/lib/applications/mail";
import { startApplication } from "@/lib/applications/start";
import { submitApplication } from "@/lib/applications/submit";
import { uploadDocument } from "@/lib/applications/documents";
import { PNG_BYTES, simulate, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { open } from "@/lib/crypto/secret-box";
import { listApplicationMail, findMail } from "@/lib/db/mail-outbox";
import type { Application } from "@/lib/db/schema";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";
import type { StepId } from "@/lib/requirements/types";
import { waitFor } from "@/test/wait-for";

// The emails an application causes, queued with what causes them (the sender is tested in lib/mail).

let world: TestWorld;
let clock: Date | undefined;
const deps = () => ({ ...world.deps, mail: TEST_MAIL_SETTINGS, now: () => clock ?? new Date() });
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

const HOUR = 3_600_000;
const email = () => `ada.${crypto.randomUUID().slice(0, 8)}@example.com`;
const payloadOf = async (id: string) => {
  const row = await findMail(world.deps.db, id);
  return JSON.parse(open(row!.payloadSealed!, await openingKeys(world.deps, row!.payloadSealed))) as {
    to: string;
    params: Record<string, unknown>;
  };
};

async function standard(to: string, steps: StepId[] = ["about-you", "contact", "identity-document"]): Promise<Application> {
  let { app } = await startApplication(deps(), { productId: "prod_travel_standard_usd", locale: "zh-CN" });
  app = (await uploadDocument(deps(), app, { field: "identity.front_file_id", name: "p.png", bytes: PNG_BYTES })).app;
  const answers = { ...STANDARD_ANSWERS, contact: { ...STANDARD_ANSWERS.contact, email: to } };
  for (const step of steps) app = await saveDraftStep(deps(), app, step, answers[step as keyof typeof answers]);
  return app;
}

describe("emails to the applicant", () => {
  it("emails the current resume link only once the contact step is saved, to the answers' address, masked in the answer", async () => {
    const to = email();
    const early = await standard(to, ["about-you"]);
    await expect(emailResumeLink(deps(), early, await resumeUrlOf(deps(), early))).rejects.toMatchObject({ code: "INVALID_STATE" });
    const app = await standard(to);
    const link = await resumeUrlOf(deps(), app);
    expect(await emailResumeLink(deps(), app, link)).toEqual({ sentTo: `a•••@example.com` });
    const [row] = await listApplicationMail(world.deps.db, app.id);
    expect(row).toMatchObject({ kind: "resume_link", state: "pending", recipientMasked: "a•••@example.com" });
    expect(await payloadOf(row!.id)).toMatchObject({ to, params: { link } });
    await expect(emailResumeLink({ ...deps(), mail: { ...TEST_MAIL_SETTINGS, enabled: false } }, app, link)).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    // Three an hour per application; the refusals before the contact step did not count.
    await emailResumeLink(deps(), app, link);
    await emailResumeLink(deps(), app, link);
    await expect(emailResumeLink(deps(), app, link)).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("reminds after KYC_REMINDER_HOURS and three days with a fresh link, once each, in the applicant's language", async () => {
    clock = undefined;
    let app = await submitApplication(deps(), await standard(email()));
    expect(app.state).toBe("kyc_pending");
    const submitted = app.submittedAt!.getTime();
    clock = new Date(submitted + 23 * HOUR);
    expect(await queueKycReminders(deps(), 24)).toBe(0);
    clock = new Date(submitted + 25 * HOUR);
    expect(await queueKycReminders(deps(), 24)).toBeGreaterThanOrEqual(1);
    expect(await queueKycReminders(deps(), 24)).toBe(0);
    let mail = (await listApplicationMail(world.deps.db, app.id)).filter((m) => m.kind === "kyc_reminder");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain("身份验证");
    const first = await payloadOf(mail[0]!.id);
    expect(first.params).toMatchObject({ last: false, link: expect.stringMatching(/^http:\/\/portal\.test\/apply\/resume\//) });
    clock = new Date(submitted + 73 * HOUR);
    await queueKycReminders(deps(), 24);
    mail = (await listApplicationMail(world.deps.db, app.id)).filter((m) => m.kind === "kyc_reminder");
    expect(mail).toHaveLength(2);
    const second = await payloadOf(mail[1]!.id);
    expect(second.params).toMatchObject({ last: true });
    expect(second.params.link).not.toBe(first.params.link);
    // The check finished: no third, and what is queued carries the state it must still be in.
    clock = undefined;
    await simulate(world, `/cardholders/${app.cardholderId}/kyc`, { kyc_status: "REJECTED" });
    app = await refreshStatus(deps(), app, { force: true });
    expect(app.state).toBe("kyc_rejected");
    // (The reminders were queued on the moved clock, the refusal on the real one: compared by kind, not order.)
    const all = await listApplicationMail(world.deps.db, app.id);
    expect(all.map((m) => m.kind).sort()).toEqual(["kyc_rejected", "kyc_reminder", "kyc_reminder"]);
    expect((await findMail(world.deps.db, mail[0]!.id))?.onlyInStates).toEqual(["kyc_pending"]);
    const refusal = all.find((m) => m.kind === "kyc_rejected")!;
    expect(await payloadOf(refusal.id)).toMatchObject({
      params: { what: "kycRejected", reference: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/) },
    });
  });

  it("drops a reminder the portal could not send within two days of its time, and still sends the next one", async () => {
    clock = undefined;
    const app = await submitApplication(deps(), await standard(email()));
    // Down from the submission until 73 h later: the first reminder (24 h) is 49 h late, the second (72 h) is due.
    clock = new Date(app.submittedAt!.getTime() + 73 * HOUR);
    await queueKycReminders(deps(), 24);
    const mail = (await listApplicationMail(world.deps.db, app.id)).filter((m) => m.kind === "kyc_reminder");
    expect(mail).toHaveLength(1);
    expect((await payloadOf(mail[0]!.id)).params).toMatchObject({ last: true });
  });

  it("emails the issued card once, in the transaction of its arrival", async () => {
    clock = undefined;
    let app = await submitApplication(deps(), await standard(email()));
    await simulate(world, `/cardholders/${app.cardholderId}/kyc`, { kyc_status: "VERIFIED" });
    await waitFor(async () => (app = await refreshStatus(deps(), app, { force: true })).state === "card_issued", { what: "card issued" });
    await refreshStatus(deps(), app, { force: true });
    const issued = (await listApplicationMail(world.deps.db, app.id)).filter((m) => m.kind === "card_issued");
    expect(issued).toHaveLength(1);
    expect(issued[0]?.subject).toBe("您的 Example Cards 卡片已发放");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWithAccess, movedAway, resumeUrlOf, resumeWithToken, revokeAccess } from "@/lib/applications/access";
import { saveDraftStep } from "@/lib/applications/draft";
import { heldApplications } from "@/lib/applications/held";
import { movedView, sendMovedLink } from "@/lib/applications/moved-link";
import { startApplication } from "@/lib/applications/start";
import { move } from "@/lib/applications/transition";
import { STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { listApplicationMail, findMail } from "@/lib/db/mail-outbox";
import { openingKeys } from "@/lib/applications/keys";
import { open } from "@/lib/crypto/secret-box";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";

// The browser a personal link replaced: told where the application went (and nothing else), and its one way back,
// tried as an attacker holding another browser, or none, would try it.

let world: TestWorld;
const deps = () => ({ ...world.deps, mail: TEST_MAIL_SETTINGS });
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

const email = () => `moved.${crypto.randomUUID().slice(0, 8)}@example.com`;

/** An application started on a computer (with its email saved, unless `contact` is false) and continued on a phone. */
async function movedToPhone(contact = true) {
  const started = await startApplication(deps(), { productId: "prod_travel_standard_usd" });
  let app = await saveDraftStep(deps(), started.app, "about-you", STANDARD_ANSWERS["about-you"]);
  if (contact) app = await saveDraftStep(deps(), app, "contact", { ...STANDARD_ANSWERS.contact, email: email() });
  const before = new Date();
  const phone = await resumeWithToken(deps(), started.resumeToken, "phone");
  return { computer: started.bindingToken, phone: phone.bindingToken, id: app.id, before };
}

describe("the browser a personal link replaced", () => {
  it("is told the kind of device and since when (409 APPLICATION_MOVED), and nothing of the application", async () => {
    const { computer, id, before } = await movedToPhone();
    const error = await loadWithAccess(deps(), id, computer).then(
      () => expect.unreachable("the old browser still opens it"),
      (e: unknown) => e as { code: string; status: number; details: { movedTo: { device: string; since: string } } },
    );
    expect(error).toMatchObject({ code: "APPLICATION_MOVED", status: 409, details: { movedTo: { device: "phone" } } });
    expect(Object.keys(error.details.movedTo).sort()).toEqual(["device", "since"]);
    expect(new Date(error.details.movedTo.since).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    expect(JSON.stringify(error.details)).not.toContain("@example.com");
    expect(await movedView(deps(), id, computer)).toEqual({ device: "phone", since: error.details.movedTo.since, email: "ready" });
  });

  it("is the only one told: another browser's token, a forged one or none get the unknown application's answer", async () => {
    const { phone, id } = await movedToPhone();
    const stranger = await startApplication(deps(), { productId: "prod_travel_standard_usd" });
    for (const cookie of [stranger.bindingToken, "x".repeat(43), undefined]) {
      await expect(loadWithAccess(deps(), id, cookie)).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(await movedAway(deps(), id, cookie)).toBeUndefined();
      await expect(sendMovedLink(deps(), id, cookie)).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "No application was found at this address.",
      });
    }
    // The holder is not "moved": it holds the application.
    await expect(sendMovedLink(deps(), id, phone)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("gets a new link emailed to the application's own address; sending alone unbinds nobody; the link moves it back", async () => {
    const { computer, phone, id } = await movedToPhone();
    const app = await loadWithAccess(deps(), id, phone);
    const current = await resumeUrlOf(deps(), app);
    expect(await sendMovedLink(deps(), id, computer)).toEqual({ sent: true });
    const [row] = await listApplicationMail(world.deps.db, id);
    expect(row).toMatchObject({ kind: "resume_link", state: "pending" });
    const sealed = (await findMail(world.deps.db, row!.id))!.payloadSealed!;
    const payload = JSON.parse(open(sealed, await openingKeys(world.deps, sealed))) as { params: { link: string } };
    expect(payload.params.link).toBe(current); // the link the phone shows: nothing broken there
    await expect(loadWithAccess(deps(), id, phone)).resolves.toMatchObject({ id });
    // The computer opens the mail and continues: now the phone is the one told, that a computer holds it.
    const back = await resumeWithToken(deps(), payload.params.link.split("/").pop()!, "computer");
    await expect(loadWithAccess(deps(), id, back.bindingToken)).resolves.toMatchObject({ id });
    await expect(loadWithAccess(deps(), id, phone)).rejects.toMatchObject({
      code: "APPLICATION_MOVED",
      details: { movedTo: { device: "computer" } },
    });
  });

  it("is limited per application like 'Email me this link' (3 an hour), with Retry-After", async () => {
    const { computer, id } = await movedToPhone();
    for (let i = 0; i < 3; i++) await sendMovedLink(deps(), id, computer);
    await expect(sendMovedLink(deps(), id, computer)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      retryAfterSeconds: expect.any(Number),
    });
    expect(await listApplicationMail(world.deps.db, id)).toHaveLength(3);
  });

  it("without an email yet, says so and sends nothing; with mail off, the same", async () => {
    const { computer, id } = await movedToPhone(false);
    expect(await movedView(deps(), id, computer)).toMatchObject({ email: "no-email" });
    await expect(sendMovedLink(deps(), id, computer)).rejects.toMatchObject({ code: "INVALID_STATE" });
    const off = { ...deps(), mail: { ...TEST_MAIL_SETTINGS, enabled: false } };
    expect(await movedView(off, id, computer)).toMatchObject({ email: "off" });
    expect(await listApplicationMail(world.deps.db, id)).toHaveLength(0);
  });

  it("ends with the application: finished, or every browser closed by staff, it is a plain 'not found'", async () => {
    const finished = await movedToPhone();
    const app = await loadWithAccess(deps(), finished.id, finished.phone);
    await move(deps(), app, "fail", "test: finished");
    await expect(loadWithAccess(deps(), finished.id, finished.computer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const closed = await movedToPhone();
    await revokeAccess(deps(), await loadWithAccess(deps(), closed.id, closed.phone), "test: staff closed access");
    await expect(loadWithAccess(deps(), closed.id, closed.computer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(sendMovedLink(deps(), closed.id, closed.computer)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("is offered on the home page with where the application went", async () => {
    const { computer, id } = await movedToPhone();
    const [held] = await heldApplications(deps(), [{ id, value: computer }]);
    expect(held).toMatchObject({ id, submitted: false, movedTo: { device: "phone" } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BINDING_IDLE_MS, loadWithAccess, previewResume, resumeUrlOf, resumeWithToken, revokeAccess } from "@/lib/applications/access";
import { saveDraftStep } from "@/lib/applications/draft";
import { startApplication } from "@/lib/applications/start";
import { STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { listApplicationEvents, transitionApplication } from "@/lib/db/applications";
import { applicationView } from "@/lib/applications/view";

// Who may open an application, tried as an attacker would: the resume-link fixation, a used link,
// a stolen 0.1 resume cookie, idle bindings. No mocked upstream: the sandbox answers over HTTP.

let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

const start = () => startApplication(world.deps, { productId: "prod_travel_standard_usd" });
const at = (ms: number) => ({ ...world.deps, now: () => new Date(Date.now() + ms) });

describe("resume-link fixation", () => {
  it("the browser that uses a resume link becomes the only one: the attacker who sent it loses access", async () => {
    const attacker = await start();
    // The victim opens the link: the confirmation page binds nothing.
    expect(await previewResume(world.deps, attacker.resumeToken)).toMatchObject({ submitted: false });
    await expect(loadWithAccess(world.deps, attacker.app.id, attacker.bindingToken)).resolves.toMatchObject({ id: attacker.app.id });
    // The victim confirms: a fresh binding for the victim, the attacker's ends.
    const victim = await resumeWithToken(world.deps, attacker.resumeToken);
    expect(victim.bindingToken).not.toBe(attacker.bindingToken);
    await saveDraftStep(world.deps, victim.app, "about-you", STANDARD_ANSWERS["about-you"]);
    // The attacker's browser is told only that it moved, to what kind of device and when (issue #28): no answer.
    for (const cookie of [attacker.bindingToken, `b.${attacker.bindingToken}`]) {
      const refused = await loadWithAccess(world.deps, attacker.app.id, cookie).then(
        () => expect.unreachable("the attacker still opens it"),
        (e: unknown) => e as { code: string; details: object },
      );
      expect(refused).toMatchObject({ code: "APPLICATION_MOVED", details: { movedTo: { device: "other" } } });
      expect(JSON.stringify(refused.details)).not.toContain(STANDARD_ANSWERS["about-you"].last_name);
    }
    // The link was single use: the attacker cannot take the application back with it.
    await expect(resumeWithToken(world.deps, attacker.resumeToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(previewResume(world.deps, attacker.resumeToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const own = await loadWithAccess(world.deps, attacker.app.id, victim.bindingToken);
    expect(await resumeUrlOf(world.deps, own)).not.toContain(attacker.resumeToken);
    const notes = (await listApplicationEvents(world.deps.db, own.id)).map((e) => e.reason);
    expect(notes).toContain("resume link used: opened in another browser");
  });

  it("two browsers using one link at once: exactly one is bound", async () => {
    const { resumeToken, app } = await start();
    const results = await Promise.allSettled([resumeWithToken(world.deps, resumeToken), resumeWithToken(world.deps, resumeToken)]);
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.bindingToken] : []));
    expect(won).toHaveLength(1);
    await expect(loadWithAccess(world.deps, app.id, won[0])).resolves.toMatchObject({ id: app.id });
  });
});

describe("bindings", () => {
  it("a cookie holds a binding, never the resume token: 0.1's `r.` cookies and guesses are refused", async () => {
    const { app, bindingToken, resumeToken } = await start();
    await expect(loadWithAccess(world.deps, app.id, `b.${bindingToken}`)).resolves.toMatchObject({ id: app.id });
    for (const cookie of [`r.${resumeToken}`, resumeToken, "b.wrong", "%E0%A4%A", undefined]) {
      await expect(loadWithAccess(world.deps, app.id, cookie)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(loadWithAccess(world.deps, "app_guessedguessedguessed", bindingToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("expire after 30 days without use on the server, and stay while used", async () => {
    const { app, bindingToken } = await start();
    await expect(loadWithAccess(at(BINDING_IDLE_MS - 60_000), app.id, bindingToken)).resolves.toMatchObject({ id: app.id });
    // Used just now (above): idle is counted from there.
    await expect(loadWithAccess(at(2 * BINDING_IDLE_MS - 120_000), app.id, bindingToken)).resolves.toMatchObject({ id: app.id });
    await expect(loadWithAccess(at(3 * BINDING_IDLE_MS), app.id, bindingToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("can be revoked: every browser of the application gets not found", async () => {
    const { app, bindingToken } = await start();
    expect(await revokeAccess(world.deps, app, "staff closed access")).toBe(1);
    await expect(loadWithAccess(world.deps, app.id, bindingToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("what a resume link and the API show over time", () => {
  it("after submission the link binds for status only (no answers); at a final state it is over", async () => {
    const started = await start();
    const filled = await saveDraftStep(world.deps, started.app, "about-you", STANDARD_ANSWERS["about-you"]);
    const draftView = await applicationView(world.deps, filled);
    expect(draftView.draft).toMatchObject({ first_name: "Ada", birth_date: "1990-**-**" });
    expect(JSON.stringify(draftView)).not.toContain("1990-05-17");
    const now = new Date();
    const submitted = await transitionApplication(world.deps.db, { id: filled.id, from: ["draft"], to: "submitted", reason: "test", now });
    expect(await previewResume(world.deps, started.resumeToken)).toMatchObject({ submitted: true });
    const resumed = await resumeWithToken(world.deps, started.resumeToken);
    const view = await applicationView(world.deps, resumed.app);
    expect(view.draft).toBeNull();
    expect(JSON.stringify(view)).not.toMatch(/\bAda\b|Lovelace|resume|apply\/resume/);
    const failed = await transitionApplication(world.deps.db, {
      id: submitted!.id,
      from: ["submitted"],
      to: "failed",
      reason: "test",
      now,
    });
    expect(await resumeUrlOf(world.deps, failed!)).toBeNull();
    const link = (await resumeUrlOf(world.deps, resumed.app))?.split("/").pop() ?? "";
    await expect(resumeWithToken(world.deps, link)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a link expires after 14 days", async () => {
    const { resumeToken } = await start();
    await expect(previewResume(at(15 * 24 * 3600 * 1000), resumeToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resumeWithToken(at(15 * 24 * 3600 * 1000), resumeToken)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

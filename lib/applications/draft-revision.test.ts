import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadDocument } from "@/lib/applications/documents";
import { draftRevisionOf, saveDraftStep } from "@/lib/applications/draft";
import { answersOf } from "@/lib/applications/keys";
import { ENDED_SHOWN_DAYS, heldApplications } from "@/lib/applications/held";
import { applicationOverview, landingPath } from "@/lib/applications/overview";
import { startApplication } from "@/lib/applications/start";
import { PNG_BYTES, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { move } from "@/lib/applications/transition";
import { findApplication } from "@/lib/db/applications";
import { isPortalError } from "@/lib/errors";

// A save from a stale view (the browser's Back shows a cached page) never overwrites what was saved since;
// a returning person lands on the furthest step reached; the home page finds the applications a browser holds.

let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

const start = () => startApplication(world.deps, { productId: "prod_travel_standard_usd" });
const reload = async (id: string) => (await findApplication(world.deps.db, id))!;

describe("the revision of a step", () => {
  it("refuses a save from a page rendered before the step was saved again, and changes nothing", async () => {
    const { app } = await start();
    const empty = await draftRevisionOf(world.deps, app, "about-you");
    const saved = await saveDraftStep(world.deps, app, "about-you", STANDARD_ANSWERS["about-you"], empty);
    const current = await draftRevisionOf(world.deps, saved, "about-you");
    expect(current).not.toBe(empty);

    // The empty page again (Back): its save is refused, the saved answers stay.
    const stale = await saveDraftStep(world.deps, saved, "about-you", { ...STANDARD_ANSWERS["about-you"], first_name: "Eve" }, empty).catch(
      (e: unknown) => e,
    );
    expect(isPortalError(stale, "DRAFT_CHANGED")).toBe(true);
    expect(await answersOf(world.deps, await reload(app.id))).toMatchObject({ first_name: "Ada" });

    // The page rendered from the saved answers may save; a client that sends no revision is not checked.
    const again = await saveDraftStep(world.deps, saved, "about-you", { ...STANDARD_ANSWERS["about-you"], first_name: "Eve" }, current);
    expect(await answersOf(world.deps, again)).toMatchObject({ first_name: "Eve" });
    await saveDraftStep(world.deps, again, "about-you", STANDARD_ANSWERS["about-you"]);
  });

  it("changes only with the step's own answers: not with another step nor a document upload", async () => {
    const { app } = await start();
    const before = await draftRevisionOf(world.deps, app, "identity-document");
    const other = await saveDraftStep(world.deps, app, "about-you", STANDARD_ANSWERS["about-you"]);
    const uploaded = await uploadDocument(world.deps, other, { field: "identity.front_file_id", name: "passport.png", bytes: PNG_BYTES });
    expect(await draftRevisionOf(world.deps, uploaded.app, "identity-document")).toBe(before);
    const saved = await saveDraftStep(world.deps, uploaded.app, "identity-document", STANDARD_ANSWERS["identity-document"], before);
    expect(await draftRevisionOf(world.deps, saved, "identity-document")).not.toBe(before);
  });
});

describe("where a returning person lands", () => {
  it("goes on after the furthest step saved, even after going back to change an earlier one", async () => {
    const { app } = await start();
    expect(landingPath(await applicationOverview(world.deps, app))).toBe(`/apply/${app.id}/about-you`);
    let current = await saveDraftStep(world.deps, app, "about-you", STANDARD_ANSWERS["about-you"]);
    current = await saveDraftStep(world.deps, current, "contact", STANDARD_ANSWERS.contact);
    current = await saveDraftStep(world.deps, current, "about-you", STANDARD_ANSWERS["about-you"]);
    expect(current.lastStep).toBe("contact");
    expect(landingPath(await applicationOverview(world.deps, current))).toBe(`/apply/${app.id}/address`);
  });
});

describe("the applications a browser holds", () => {
  it("lists those whose binding is valid, newest first, an ended one as ended", async () => {
    const older = await start();
    const newer = await start();
    const finished = await start();
    await move(world.deps, finished.app, "fail", "test: a finished application");
    const held = await heldApplications(world.deps, [
      { id: older.app.id, value: older.bindingToken },
      { id: newer.app.id, value: newer.bindingToken },
      { id: finished.app.id, value: finished.bindingToken },
      { id: older.app.id, value: newer.bindingToken }, // another application's binding grants nothing
      { id: "app_not_an_application", value: "x" },
    ]);
    expect(held.map((h) => h.id)).toEqual([finished.app.id, newer.app.id, older.app.id]);
    expect(held[0]).toMatchObject({ submitted: true, ended: true });
    expect(held[1]).toMatchObject({ productId: "prod_travel_standard_usd", submitted: false, ended: false });
  });

  it("leaves out an application that ended more than ENDED_SHOWN_DAYS ago", async () => {
    const finished = await start();
    await move(world.deps, finished.app, "fail", "test: a finished application");
    const later = { ...world.deps, now: () => new Date(Date.now() + (ENDED_SHOWN_DAYS + 1) * 24 * 60 * 60 * 1000) };
    expect(await heldApplications(later, [{ id: finished.app.id, value: finished.bindingToken }])).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDraftStep } from "@/lib/applications/draft";
import { startApplication } from "@/lib/applications/start";
import { startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { findApplication } from "@/lib/db/applications";
import { isPortalError } from "@/lib/errors";

// applications.last_step: the furthest step saved, so the dashboard can say where an abandoned draft stopped
// and a returning applicant goes on from there.

let world: TestWorld;
beforeAll(async () => {
  world = await startTestWorld();
});
afterAll(async () => world.close());

describe("saving a draft step", () => {
  it("records the step saved last, and a refused step changes nothing", async () => {
    const { app } = await startApplication(world.deps, { productId: "prod_virtual_simplified_usd" });
    expect(app.lastStep).toBeNull();
    const first = await saveDraftStep(world.deps, app, "about-you", { first_name: "Ada", last_name: "Lovelace" });
    expect(first.lastStep).toBe("about-you");
    await saveDraftStep(world.deps, first, "contact", { email: "ada@example.com", area_code: "+44", mobile_number: "7700900123" });
    const refused = await saveDraftStep(world.deps, first, "about-you", { first_name: "" }).catch((e: unknown) => e);
    expect(isPortalError(refused)).toBe(true);
    expect((await findApplication(world.deps.db, app.id))?.lastStep).toBe("contact");
  });
});

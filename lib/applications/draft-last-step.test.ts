import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDraftStep } from "@/lib/applications/draft";
import { startApplication } from "@/lib/applications/start";
import { PNG_BYTES, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { uploadDocument } from "@/lib/applications/documents";
import { answersOf } from "@/lib/applications/keys";
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

  it("keeps no answer to a question that does not apply: SSN of a non-US national, the back of a passport", async () => {
    const { app } = await startApplication(world.deps, { productId: "prod_premium_enhanced_eur" });
    const person = { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", gender: "2" };
    const us = await saveDraftStep(world.deps, app, "about-you", { ...person, nationality: "US", ssn: "123-45-6789" });
    expect(await answersOf(world.deps, us)).toMatchObject({ ssn: "123456789" });
    const gb = await saveDraftStep(world.deps, us, "about-you", { ...person, nationality: "GB", ssn: "123-45-6789" });
    expect(await answersOf(world.deps, gb)).not.toHaveProperty("ssn");

    const front = await uploadDocument(world.deps, gb, { field: "identity.front_file_id", name: "front.png", bytes: PNG_BYTES });
    const back = await uploadDocument(world.deps, gb, {
      field: "identity.back_file_id",
      name: "back.png",
      bytes: PNG_BYTES,
      documentType: "ID_CARD",
    });
    const identity = { number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01", front_file_id: front.fileId };
    const card = await saveDraftStep(world.deps, gb, "identity-document", {
      identity: { ...identity, type: "ID_CARD", back_file_id: back.fileId },
    });
    expect(await answersOf(world.deps, card)).toMatchObject({ identity: { back_file_id: back.fileId } });
    // The passport step does not repeat the back side: the stored one is dropped rather than kept.
    const passport = await saveDraftStep(world.deps, card, "identity-document", { identity: { ...identity, type: "PASSPORT" } });
    expect(await answersOf(world.deps, passport)).toMatchObject({ identity: { type: "PASSPORT", front_file_id: front.fileId } });
    expect(JSON.stringify(await answersOf(world.deps, passport))).not.toContain(back.fileId);
  });
});

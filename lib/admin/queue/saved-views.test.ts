import { describe, expect, it } from "vitest";
import { MAX_SAVED_VIEWS, removeView, saveView, saveViewBody, savedViewsOf, viewQueryOf } from "@/lib/admin/queue/saved-views";
import { countSavedViews } from "@/lib/db/saved-views";
import { createStaffUser } from "@/lib/db/staff-users";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import { isPortalError } from "@/lib/errors";

// Saved views of the work queue, on PGlite and on Postgres (TEST_DATABASE_URL): only the queue's own parameters are
// kept, each person sees and deletes only their own, at most 20, names unique per person whatever their case.

const T0 = new Date("2026-06-15T12:00:00Z");
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (isPortalError(e) ? `${e.code}${e.fields ? ` ${Object.values(e.fields).join(",")}` : ""}` : String(e)),
  );

describe("a saved view's query", () => {
  it("keeps the queue's own filters and order, drops the page and anything else", () => {
    expect(viewQueryOf("state=failed&attention=1&after=abc&before=def")).toBe("state=failed&attention=1");
    expect(viewQueryOf("sort=since_asc&redirect=https://evil.example&q=Ada")).toBe("q=Ada&sort=since_asc");
    expect(viewQueryOf("state=nonsense&sort=created_desc")).toBe("");
  });

  it("names are trimmed, required and at most 60 characters", () => {
    expect(saveViewBody.safeParse({ name: "  Failed today ", query: "" }).data?.name).toBe("Failed today");
    expect(saveViewBody.safeParse({ name: "   ", query: "" }).success).toBe(false);
    expect(saveViewBody.safeParse({ name: "x".repeat(61), query: "" }).success).toBe(false);
    expect(saveViewBody.safeParse({ name: "ok", query: "", staffId: "someone else" }).success).toBe(false);
  });
});

for (const [engine, open] of testEngines()) {
  describe(`saved views on ${engine}`, () => {
    const handle = useTestDatabase(open);
    const person = async (name: string) => {
      const row = await createStaffUser(handle().db, { email: `${name}@example.com`, name, role: "viewer", passwordHash: null });
      return { id: row?.id ?? "" };
    };

    it("saves, lists and deletes a person's own views, and nobody else's", async () => {
      const db = handle().db;
      const [ann, bob] = [await person("ann"), await person("bob")];
      const { view } = await saveView(ann, { name: "Failed", query: "state=failed&after=xyz" }, db, T0);
      expect(view.href).toBe("/admin/applications?state=failed");
      expect(await savedViewsOf(ann.id, db)).toEqual([{ id: view.id, name: "Failed", href: view.href, query: "state=failed" }]);
      expect(await savedViewsOf(bob.id, db)).toEqual([]);
      // Another person's view is not theirs to delete: 404, and it stays.
      expect(await refusal(removeView(bob, view.id, db))).toBe("NOT_FOUND");
      expect(await countSavedViews(db, ann.id)).toBe(1);
      await removeView(ann, view.id, db);
      expect(await countSavedViews(db, ann.id)).toBe(0);
    });

    it("refuses a view of everything, a name taken in any case, and a 21st view, changing nothing", async () => {
      const db = handle().db;
      const cy = await person("cy");
      expect(await refusal(saveView(cy, { name: "All", query: "after=abc" }, db, T0))).toBe(
        "VALIDATION_ERROR admin.queue.views.nothingToSave",
      );
      await saveView(cy, { name: "Mine", query: "mine=1" }, db, T0);
      expect(await refusal(saveView(cy, { name: "MINE", query: "attention=1" }, db, T0))).toBe("VALIDATION_ERROR admin.queue.views.taken");
      for (let i = 1; i < MAX_SAVED_VIEWS; i++) await saveView(cy, { name: `View ${i}`, query: `q=n${i}` }, db, new Date(T0.getTime() + i));
      expect(await countSavedViews(db, cy.id)).toBe(MAX_SAVED_VIEWS);
      expect(await refusal(saveView(cy, { name: "One more", query: "q=more" }, db, T0))).toBe("VALIDATION_ERROR admin.queue.views.full");
      expect(await countSavedViews(db, cy.id)).toBe(MAX_SAVED_VIEWS);
      expect((await savedViewsOf(cy.id, db)).map((v) => v.name).slice(0, 2)).toEqual(["Mine", "View 1"]);
    });
  });
}

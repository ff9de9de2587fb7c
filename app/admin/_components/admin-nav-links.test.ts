import { describe, expect, it } from "vitest";
import { isCurrentSection } from "@/app/admin/_components/admin-nav-links";

describe("the staff navigation's current section", () => {
  it("is the overview only on /admin, and a section on its own pages below it", () => {
    expect(isCurrentSection("/admin", "/admin")).toBe(true);
    expect(isCurrentSection("/admin", "/admin/applications")).toBe(false);
    expect(isCurrentSection("/admin/applications", "/admin/applications/app_x")).toBe(true);
    expect(isCurrentSection("/admin/cards", "/admin/cards/card_1")).toBe(true);
    // A section whose name starts another's is not marked by it.
    expect(isCurrentSection("/admin/audit", "/admin/auditors")).toBe(false);
  });
});

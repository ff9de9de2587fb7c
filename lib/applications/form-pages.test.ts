import { describe, expect, it } from "vitest";
import { isFormPageOf } from "@/lib/applications/form-pages";

const id = "app_zymPqzN0eSFSUiPwdDuddA";

describe("the pages a save may continue to", () => {
  it("are this application's steps and review", () => {
    expect(isFormPageOf(id, `/apply/${id}/contact`)).toBe(true);
    expect(isFormPageOf(id, `/apply/${id}/review`)).toBe(true);
    expect(isFormPageOf(id, `/apply/${id}/review?from=review`)).toBe(true);
  });

  it("are never another application's, another site's, nor any other page", () => {
    for (const href of [
      `/apply/app_otherOtherOtherOtherOth/contact`,
      "https://evil.example/apply/x/contact",
      `//evil.example/apply/${id}/contact`,
      `/apply/${id}/status`,
      `/apply/${id}/contact/../../x`,
      `/apply/${id}/contact?next=https://evil.example`,
      `/apply/${id}/contact?from=review?x`,
      `/apply/${id}/`,
      "",
    ])
      expect(isFormPageOf(id, href), href).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { APPLICATION_ID, applicationParams, isApplicationId } from "@/lib/applications/application-id";
import { newApplicationId } from "@/lib/applications/ids-and-tokens";

describe("the application id pattern", () => {
  it("accepts the ids the portal makes", () => {
    for (let i = 0; i < 50; i++) expect(isApplicationId(newApplicationId())).toBe(true);
    expect(isApplicationId("app_AAAAAAAAAAAAAAAAAAAA-_")).toBe(true);
  });

  it.each([
    "",
    "app_",
    "app_short",
    "app_AAAAAAAAAAAAAAAAAAAAAAA",
    "APP_AAAAAAAAAAAAAAAAAAAAAA",
    "app_AAAAAAAAAAAAAAAAAAAA=A",
    " app_AAAAAAAAAAAAAAAAAAAAAA",
  ])("refuses %j", (text) => {
    expect(isApplicationId(text)).toBe(false);
    expect(APPLICATION_ID.test(text)).toBe(false);
  });

  it("is the route params schema: a malformed id fails before anything is read", () => {
    expect(applicationParams.safeParse({ id: "app_AAAAAAAAAAAAAAAAAAAAAA" }).success).toBe(true);
    expect(applicationParams.safeParse({ id: "app_../../etc" }).success).toBe(false);
    expect(applicationParams.safeParse({}).success).toBe(false);
  });
});

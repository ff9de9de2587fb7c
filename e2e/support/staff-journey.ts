import { randomBytes } from "node:crypto";
import type { Page, PlaywrightWorkerArgs, TestInfo } from "@playwright/test";
import { DEMO_ADMIN, newStaff, staffApi, type StaffLogin } from "./staff";
import { clientHeaders, expect } from "./test";

// Small steps of the staff journeys (e2e/admin-journeys-people.spec.ts): what an ops person does on every page (the
// header's search box) and what they read (the application's summary).

/** Lowercase letters only, so a name made of them is searched as a name (digits would make it a phone or a reference). */
export const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join("");

/** Types into the header's search box, as on every staff page, and waits for the results page. */
export async function headerSearch(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search applications, people, cards and events" });
  await expect(box).toBeVisible();
  await box.fill(text);
  await box.press("Enter");
  await page.waitForURL(/\/admin\/search\?q=/);
}

/** The value beside `label` in the application page's summary. */
export const summaryValue = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Summary" })
    .locator("dl > div")
    .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
    .locator("dd")
    .first();

/** A staff account of `role` made by the demo admin through the API (set-up, not the journey). */
export async function staffMember(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  testInfo: TestInfo,
  role: StaffLogin["role"],
): Promise<StaffLogin> {
  const demo = await staffApi(playwright, baseURL, DEMO_ADMIN, clientHeaders(testInfo, "demo"));
  const login = await newStaff(demo, role);
  await demo.dispose();
  return login;
}

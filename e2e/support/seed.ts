import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { expect } from "./test";

// Reaching a state of the flow through the portal API, with the browser's own request context (so the page then
// holds the application), instead of walking every step on screen.

export const ABOUT_YOU = { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" };
export const CONTACT = { email: "ada.seed@example.com", area_code: "+44", mobile_number: "7700900123" };

export async function saveStep(request: APIRequestContext, id: string, step: string, values: Record<string, unknown>) {
  const saved = await request.put(`/api/applications/${id}/draft`, { data: { step, values } });
  expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
}

/** Chinese pages from the next request on (the language switch stores the same cookie). */
export async function useChinese(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: "locale", value: "zh-CN", url: baseURL ?? "http://localhost" }]);
}

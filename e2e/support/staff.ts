import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, demoAdminPassword } from "./demo-admin";
import { expect } from "./test";

// Staff accounts for the staff-area specs: the demo admin of sandbox mode (with the password the harness gave its
// servers, e2e/support/demo-admin.ts), and accounts of any role created through the admin API and its one-time
// set-password link, exactly as an admin would.

export const DEMO_ADMIN = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword() } as const;
export type StaffLogin = { email: string; password: string; role: "admin" | "agent" | "viewer" };

/** An API context signed in through next-auth's credentials sign-in (CSRF token first, as a browser does). */
export async function staffApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  login: { email: string; password: string },
  headers: Record<string, string> = {},
) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const signedIn = await api.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: login.email, password: login.password, json: "true" },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(signedIn.status());
  const session = (await (await api.get("/api/auth/session")).json()) as { staff?: { id: string } };
  expect(session.staff?.id, `signed in as ${login.email}`).toBeTruthy();
  return api;
}

/** A new account of `role`, created by an admin and given its password through the one-time link. */
export async function newStaff(
  admin: APIRequestContext,
  role: StaffLogin["role"],
  name = `${role} ${randomUUID().slice(0, 4)}`,
): Promise<StaffLogin> {
  const email = `${role}.${randomUUID().slice(0, 8)}@example.com`;
  const created = await admin.post("/api/admin/staff", { data: { email, name, role } });
  expect(created.status(), await created.text()).toBe(200);
  const { setPasswordUrl } = (await created.json()) as { setPasswordUrl: string };
  const password = `pw-${randomUUID()}`;
  const set = await admin.post("/api/staff-password", { data: { token: setPasswordUrl.split("/").pop(), password } });
  expect(set.status(), await set.text()).toBe(200);
  return { email, password, role };
}

/** Signs in on the sign-in page, as a person does. */
export async function signInOnPage(page: Page, login: { email: string; password: string }, to = "/admin") {
  await page.goto(`/admin/sign-in?callbackUrl=${encodeURIComponent(to)}`);
  await page.getByLabel("Email address").fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, "\\?")}$`));
}

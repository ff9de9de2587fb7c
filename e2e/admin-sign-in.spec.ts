import type { PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, clientAddressFor, expect, test } from "./support/test";

// Staff sessions and the sign-in throttle over real HTTP: sign-out ends a session on the server (a copy of its
// cookie stops working), the throttle is per (account, address) so the only admin still gets in from their own
// address while others guess elsewhere, admins see those failures on the staff page, and wrong current passwords
// on the account page end the session after a few.

/** One credentials sign-in from its own context and address; answers the context and whether it signed in. */
async function tryPassword(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, email: string, password: string, from: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": from } });
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await api.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, json: "true" }, maxRedirects: 0 });
  const session = (await (await api.get("/api/auth/session")).json()) as { staff?: { id: string } };
  return { api, signedIn: Boolean(session.staff?.id) };
}

test("sign-out ends the session on the server: a copy of its cookie made before answers 401 afterwards", async ({
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  const original = await staffApi(playwright, String(baseURL), agent, clientHeaders(testInfo, "agent"));
  const copy = await playwright.request.newContext({
    baseURL: String(baseURL),
    extraHTTPHeaders: clientHeaders(testInfo, "thief"),
    storageState: await original.storageState(),
  });
  const exportUrl = "/api/admin/applications/export?state=card_issuing";
  expect((await copy.get(exportUrl)).status()).toBe(200);

  const { csrfToken } = (await (await original.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await original.post("/api/auth/signout", { form: { csrfToken, json: "true" }, maxRedirects: 0 });
  const after = await copy.get(exportUrl);
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });

  const audit = await admin.get(`/api/admin/audit/export?action=staff.signed_out`);
  expect(await audit.text()).toContain(agent.email);
  await Promise.all([admin.dispose(), original.dispose(), copy.dispose()]);
});

test("the only admin gets in from their own address while others guess elsewhere; the staff page shows the failures", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.slow(); // about twenty password checks (scrypt) on a shared machine
  const demo = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "demo"));
  const target = await newStaff(demo, "admin", "Tara Target");
  const home = clientAddressFor(`${testInfo.testId}:${testInfo.retry}:home`);
  const attempt = (password: string, from: string) => tryPassword(playwright, String(baseURL), target.email, password, from);
  const signedInAtHome = await attempt(target.password, home);
  expect(signedInAtHome.signedIn).toBe(true);

  // An address guesses five times, past its allowance: now it waits, even with the right password.
  const guessers = ["g1", "g2", "g3"].map((k) => clientAddressFor(`${testInfo.testId}:${testInfo.retry}:${k}`));
  const [first = "", second = "", third = ""] = guessers;
  for (let k = 0; k < 5; k++) expect((await attempt(`wrong-${k}-password`, first)).signedIn).toBe(false);
  expect((await attempt(target.password, first)).signedIn).toBe(false);
  // Two more addresses: past the account's ceiling, so addresses the account never signed in from are slowed.
  for (const from of [second, third]) {
    for (let k = 0; k < 5; k++) expect((await attempt(`wrong-${k}-password`, from)).signedIn).toBe(false);
  }
  // The owner's own address is not.
  expect((await attempt(target.password, home)).signedIn).toBe(true);

  await signInOnPage(page, DEMO_ADMIN, "/admin/staff");
  const row = page.getByRole("row", { name: new RegExp(target.email) });
  const [, failed = "0", waited = "0"] = /(\d+) failed, (\d+) refused while waiting/.exec((await row.textContent()) ?? "") ?? [];
  expect(Number(failed)).toBeGreaterThanOrEqual(10);
  expect(Number(failed) + Number(waited)).toBe(16);
  await row.getByText(`Latest failures of ${target.email}`).click();
  await expect(row.getByRole("listitem")).toHaveCount(5);
  await expect(row.getByRole("listitem").first()).toContainText("Wrong password");
  await expect(row.getByRole("listitem").first()).toContainText(/from 10\./);
  await demo.dispose();
});

test("wrong current passwords on the account page end the session after a few", async ({ page, playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const me = await newStaff(admin, "viewer");
  await signInOnPage(page, me, "/admin/account");
  const next = "a-new-password-of-mine";
  const submit = async (current: string) => {
    await page.getByLabel("Current password").fill(current);
    await page.getByLabel("New password", { exact: true }).fill(next);
    await page.getByLabel("New password again").fill(next);
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/admin/account/password"));
    await page.getByRole("button", { name: "Change password" }).click();
    return (await answered).status();
  };
  expect(await submit("not-my-password-0")).toBe(422);
  expect(await submit("not-my-password-1")).toBe(422);
  await expect(page.getByRole("alert").getByRole("link", { name: "This is not your current password." })).toBeVisible();
  expect(await submit("not-my-password-2")).toBe(401);
  await expect(page).toHaveURL(/\/admin\/sign-in\?callbackUrl=%2Fadmin%2Faccount&error=SessionEnded$/);
  await expect(page.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  const answer = await page.request.post("/api/admin/account/password", { data: { current: me.password, next } });
  expect(answer.status()).toBe(401);
  await admin.dispose();
});

import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Staff sessions over real HTTP: sign-out ends a session on the server (a copy of its cookie stops working), and
// wrong current passwords on the account page end the session after a few.

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

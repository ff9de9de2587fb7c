import { crc32, deflateSync } from "node:zlib";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { sandboxCall } from "./support/sandbox-api";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi, type StaffLogin } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// The application page as staff use it: an applicant applies through the portal API and passes the hosted identity
// check; an agent opens the application from the queue, sees the issuer's live view and one timeline, reveals one
// value (audited), previews the document (no-store), adds a note, claims it; a second agent sees it held; a viewer
// sees masked values and no buttons, and the reveal and document routes refuse them.

const STANDARD = "prod_travel_standard_usd";

/** A real, decodable PNG (120 x 80, one colour), so that the preview shows an image a browser can draw. */
function solidPng(width = 120, height = 80): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}
const PNG = solidPng();
const surname = `Casefile${Date.now().toString(36).replace(/\d/g, "")}`;
const api = (request: APIRequestContext, method: string, path: string, data?: unknown) =>
  request.fetch(`/api${path}`, { method, ...(method === "GET" ? {} : { data: data ?? {} }) });

/** A Standard application through the portal API, its identity check approved on the hosted page, up to its card. */
async function applyAndGetCard(page: Page): Promise<string> {
  const request = page.request;
  const started = await api(request, "POST", "/applications", { productId: STANDARD });
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  const doc = await request.post(`/api/applications/${id}/documents`, {
    multipart: { field: "identity.front_file_id", file: { name: "passport.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(doc.status(), await doc.text()).toBe(200);
  const steps: Array<[string, Record<string, unknown>]> = [
    ["about-you", { first_name: "Ada", last_name: surname, birth_date: "1990-05-17", nationality: "GB" }],
    ["contact", { email: `ada.${surname.toLowerCase()}@example.com`, area_code: "+44", mobile_number: "7700900123" }],
    ["identity-document", { identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01" } }],
  ];
  for (const [step, values] of steps) expect((await api(request, "PUT", `/applications/${id}/draft`, { step, values })).status()).toBe(200);
  expect((await api(request, "POST", `/applications/${id}/submit`)).status()).toBe(200);
  await page.goto(`/apply/${id}/verify`);
  await page.getByRole("link", { name: "Continue to the identity check" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/status\?kyc=approved$/);
  await expect
    .poll(
      async () =>
        ((await (await api(request, "GET", `/applications/${id}/status`)).json()) as { application: { state: string } }).application.state,
      {
        timeout: 30_000,
      },
    )
    .toBe("card_issued");
  return id;
}

async function staffPage(browser: Browser, login: StaffLogin, to: string, headers: Record<string, string>) {
  const context = await browser.newContext({ extraHTTPHeaders: headers, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInOnPage(page, login, to);
  return page;
}

test("agents work an application on one page; a second agent sees it held; a viewer sees it masked and read-only", async ({
  page,
  request,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  // One applicant to a card, four staff sessions and an issuer outage: longer than the suite's 90 s on a loaded machine.
  test.setTimeout(180_000);
  const id = await applyAndGetCard(page);
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent", "Agnes Agent");
  const second = await newStaff(admin, "agent", "Bruno Second");
  const viewer = await newStaff(admin, "viewer");

  // The agent finds the applicant in the queue and opens the application.
  const desk = await staffPage(browser, agent, `/admin/applications?q=${surname}`, clientHeaders(testInfo, "agent"));
  await desk.getByRole("link", { name: `Ada ${surname}` }).click();
  // The page carries the queue's view for its back link ("Back to the applications" keeps the search).
  await expect(desk).toHaveURL(new RegExp(`/admin/applications/${id}\\?back=q%3D${surname}$`));
  await expect(desk.getByRole("heading", { level: 1, name: `Ada ${surname}` })).toBeVisible();
  const summary = desk.getByRole("region", { name: "Summary" });
  await expect(summary.getByText("Card issued", { exact: true })).toBeVisible();
  await expect(summary.getByText("Nothing: the card is issued.")).toBeVisible();
  const issuer = desk.getByRole("region", { name: "At the issuer" });
  await expect(issuer.getByText("SUCCESS", { exact: true })).toBeVisible();
  await expect(issuer.getByText("VERIFIED", { exact: true })).toBeVisible();
  await expect(issuer.getByText(/^\d{6}\*{6}\d{4} · /)).toBeVisible();

  // One timeline: transitions, calls to the issuer, and its webhook events (delivered a moment after the card).
  const timeline = desk.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText("Card being issued → Card issued")).toBeVisible();
  await expect(timeline.getByText(/POST \/api\/open\/v2\/issuing\/cardholders · HTTP 200/)).toBeVisible();
  await expect(timeline.getByText(/POST \/api\/open\/v2\/issuing\/cards · HTTP 200/)).toBeVisible();
  await expect(async () => {
    await desk.reload();
    await expect(timeline.getByText(/cardholder\.kyc\.status_changed · applied/).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // Answers as the applicant saw them, masked; one value revealed, and the reveal is on the timeline (the audit log).
  const answers = desk.getByRole("region", { name: "Answers" });
  await expect(answers.getByText("****4567")).toBeVisible();
  await expect(answers.getByText("1990-**-**")).toBeVisible();
  await answers.getByRole("button", { name: /^Reveal Document number/ }).click();
  await expect(answers.getByText("P1234567")).toBeVisible();
  await expect(answers.getByText("1990-**-**")).toBeVisible();
  await desk.reload();
  await expect(timeline.getByText(`${agent.email} revealed identity.number`)).toBeVisible();
  await expect(answers.getByText("P1234567")).toHaveCount(0);

  // The document: previewed through the portal, never cached; the view is audited.
  const documents = desk.getByRole("region", { name: "Documents" });
  await documents.getByRole("button", { name: "Show Front of the document" }).click();
  const image = documents.getByRole("img", { name: "Front of the document as uploaded by the applicant" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  const src = String(await image.getAttribute("src"));
  const file = await desk.request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()).toMatchObject({
    "cache-control": "no-store",
    "content-type": "image/png",
    "content-disposition": 'inline; filename="identity-front_file_id.png"',
    "x-content-type-options": "nosniff",
  });
  expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);

  // A note, then the claim.
  await desk.getByLabel("Internal note").fill("Checked the passport photo with the applicant by phone.");
  await desk.getByRole("button", { name: "Add the note" }).click();
  await expect(timeline.getByText("Checked the passport photo with the applicant by phone.")).toBeVisible();
  await expect(timeline.getByText("Agnes Agent wrote")).toBeVisible();
  // The timeline filtered to one kind of entry, in the URL.
  await timeline.getByRole("link", { name: /^Calls to the issuer/ }).click();
  // The timeline's links keep the queue view the page was opened from (its back link).
  await expect(desk).toHaveURL(new RegExp(`\\?back=q%3D${surname}&timeline=calls#case-timeline$`));
  await expect(timeline.getByText(/POST \/api\/open\/v2\/issuing\/cards · HTTP 200/)).toBeVisible();
  await expect(timeline.getByText("Agnes Agent wrote")).toHaveCount(0);
  await expect(timeline.getByText("Card being issued → Card issued")).toHaveCount(0);
  await timeline.getByRole("link", { name: /^Everything/ }).click();
  await expect(timeline.getByText("Agnes Agent wrote")).toBeVisible();
  // The page was opened and reloaded several times: its own reads of the cardholder are not entries; the entries are paged.
  await expect(timeline.getByText(/^GET \//)).toHaveCount(0);
  await expect(timeline.getByText(/^Entries 1–\d+ of \d+, newest first$/)).toBeVisible();
  // Claimed from the keyboard; focus lands on the new status, not back at the page's start.
  await desk.getByRole("button", { name: "Claim this application" }).focus();
  await desk.keyboard.press("Enter");
  await expect(desk.getByText(/^Assigned to you/)).toBeFocused();
  await expect(desk.getByRole("button", { name: "Release" })).toBeVisible();
  await expectNoAxeViolations(desk);
  await saveScreenshot(desk, testInfo, "admin-application-1280");
  await desk.setViewportSize({ width: 820, height: 1180 });
  await expectNoAxeViolations(desk);
  await saveScreenshot(desk, testInfo, "admin-application-tablet");

  // A second agent sees who holds it; claiming needs an explicit take-over (the API refuses without one).
  const other = await staffPage(browser, second, `/admin/applications/${id}`, clientHeaders(testInfo, "second"));
  await expect(other.getByText(/^Assigned to Agnes Agent/)).toBeVisible();
  await expect(other.getByRole("button", { name: "Claim this application" })).toHaveCount(0);
  const refused = await other.request.post(`/api/admin/applications/${id}/claim`, { data: {} });
  expect(refused.status()).toBe(409);
  await other.getByRole("button", { name: "Take over from Agnes Agent" }).click();
  await expect(other.getByText("Agnes Agent is working on this application. Take it over?", { exact: false })).toBeVisible();
  await other.getByRole("button", { name: "Cancel" }).click();
  await expect(other.getByText(/^Assigned to Agnes Agent/)).toBeVisible();

  // A viewer: masked values, no reveal, claim or note; the reveal and document routes answer 403.
  const reader = await staffPage(browser, viewer, `/admin/applications/${id}`, clientHeaders(testInfo, "viewer"));
  await expect(reader.getByRole("region", { name: "Answers" }).getByText("****4567")).toBeVisible();
  await expect(reader.getByText("P1234567")).toHaveCount(0);
  await expect(reader.getByRole("button", { name: /Reveal|Claim|Take over|Release|Add the note|Show/ })).toHaveCount(0);
  await expect(reader.getByLabel("Internal note")).toHaveCount(0);
  await expect(reader.getByText(/sees that a document exists but not its image/)).toBeVisible();
  const reveal = await reader.request.post(`/api/admin/applications/${id}/reveal`, { data: { path: "identity.number" } });
  expect(reveal.status()).toBe(403);
  expect(await reveal.text()).not.toContain("P1234567");
  expect((await reader.request.get(src)).status()).toBe(403);
  await expectNoAxeViolations(reader);

  // The issuer down: the page says so plainly and shows everything else; back up, its view returns.
  const issuerRegion = desk.getByRole("region", { name: "At the issuer" });
  expect((await sandboxCall(request, "PUT", "/sandbox/simulate/faults", { error_rate: 1 })).status).toBe(200);
  try {
    await desk.reload();
    await expect(issuerRegion.getByText(/The issuer is not answering right now/)).toBeVisible({ timeout: 20_000 });
    await expect(desk.getByRole("region", { name: "Summary" }).getByText("Card issued", { exact: true })).toBeVisible();
    await expect(timeline.getByText("Checked the passport photo with the applicant by phone.")).toBeVisible();
  } finally {
    expect((await sandboxCall(request, "PUT", "/sandbox/simulate/faults", {})).status).toBe(200);
  }
  await desk.reload();
  await expect(issuerRegion.getByText("SUCCESS", { exact: true })).toBeVisible();

  // In Simplified Chinese, at tablet width.
  await desk.getByRole("button", { name: "切换到中文" }).click();
  await expect(desk.getByRole("heading", { name: "回答" })).toBeVisible();
  await expect(desk.getByText(/^已分配给你/)).toBeVisible();
  await expectNoAxeViolations(desk);
  await saveScreenshot(desk, testInfo, "admin-application-zh-tablet");

  // Unknown and malformed ids are real 404s.
  expect((await reader.request.get("/admin/applications/app_unknownunknownunknown0")).status()).toBe(404);
  expect((await reader.request.get("/admin/applications/not-an-id")).status()).toBe(404);
  await Promise.all([admin.dispose(), desk.context().close(), other.context().close(), reader.context().close()]);
});

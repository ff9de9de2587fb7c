import { createHmac, randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { DEMO_ADMIN, newStaff, staffApi } from "./support/staff";
import { clientHeaders, clientAddressFor, expect, test } from "./support/test";

// Reads that show personal data outside the one-value reveal are in the audit log (issue #24, item 14): a
// webhook event's body, and every answer shown through a resume link that staff issued (staff could otherwise
// open that link themselves and read the whole application).

const SECRET = "sandbox_webhook_secret";

async function auditRows(admin: APIRequestContext, query: string): Promise<string[]> {
  const csv = await (await admin.get(`/api/admin/audit/export?${query}`)).text();
  return csv.split("\n").slice(1).filter(Boolean);
}

/** The cells of one CSV row (every cell quoted by the export). */
const cells = (row: string) => [...row.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? "").replace(/""/g, '"'));

test("answers shown through a staff-issued resume link are recorded under the issuer's name, with the fields and the address", async ({
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agentLogin = await newStaff(admin, "agent");
  const agent = await staffApi(playwright, String(baseURL), agentLogin, clientHeaders(testInfo, "agent"));
  const applicant = await playwright.request.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, "applicant") });
  const started = await applicant.post("/api/applications", { data: { productId: "prod_travel_standard_usd" } });
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  const about = { first_name: "Linnea", last_name: "Leak", birth_date: "1990-05-17", nationality: "GB" };
  expect((await applicant.put(`/api/applications/${id}/draft`, { data: { step: "about-you", values: about } })).status()).toBe(200);
  // The applicant's own browser (bound when it started) leaves nothing in the log.
  expect((await applicant.get(`/apply/${id}/about-you`)).status()).toBe(200);
  const query = `action=application.values_shown_via_link&application=${id}`;
  expect(await auditRows(admin, query)).toEqual([]);

  // The agent issues a resume link and uses it in a browser of their own.
  const issued = await agent.post(`/api/admin/applications/${id}/resume-link`, { data: {} });
  const token = ((await issued.json()) as { link: { url: string } }).link.url.split("/").pop();
  const reader = await playwright.request.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, "reader") });
  expect((await reader.post("/api/applications/resume", { data: { token } })).status()).toBe(200);
  const page = await reader.get(`/apply/${id}/about-you`);
  expect(await page.text()).toContain("Linnea");
  expect((await reader.get(`/apply/${id}/review`)).status()).toBe(200);
  expect((await reader.get(`/api/applications/${id}`)).status()).toBe(200);

  const rows = await auditRows(admin, query);
  expect(rows).toHaveLength(4);
  const readerAddress = clientAddressFor(`${testInfo.testId}:${testInfo.retry}:reader`);
  for (const row of rows) {
    expect(row).toContain(agentLogin.email);
    expect(row).toContain(readerAddress);
    expect(row).toMatch(/fields=[^ ]*first_name/);
    expect(row).toMatch(/fields=[^ ]*birth_date/);
    expect(row).not.toMatch(/Linnea|1990-05-17/);
  }
  // Newest first: the API answer, the review, the step, and the answer of the resume call itself.
  expect(rows.map((r) => cells(r)[5])).toEqual(["api", "review", "step:about-you", "api"]);
  for (const context of [admin, agent, applicant, reader]) await context.dispose();
});

test("reading a webhook event's body is recorded; a viewer, who is not shown it, leaves no entry", async ({
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const eventId = `evt_audit_${randomUUID()}`;
  const body = JSON.stringify({
    account_no: "8800****4321",
    data: { cardholder_id: "ch_nobody", status: "PENDING", kyc_status: "PENDING", first_name: "Bodil" },
    event_id: eventId,
    event_type: "cardholder.updated",
    timestamp: `${new Date().toISOString().slice(0, 19)}Z`,
  });
  const posted = await admin.post("/api/webhooks/issuer", {
    data: Buffer.from(body),
    headers: { "content-type": "application/json", "x-wk-signature": createHmac("sha256", SECRET).update(body).digest("base64") },
  });
  expect(posted.status()).toBe(200);
  const viewer = await staffApi(playwright, String(baseURL), await newStaff(admin, "viewer"), clientHeaders(testInfo, "viewer"));
  expect(await (await viewer.get(`/admin/webhooks/${eventId}`)).text()).not.toContain("Bodil");
  const query = `action=webhook.body_viewed`;
  expect((await auditRows(admin, query)).filter((r) => r.includes(eventId))).toEqual([]);
  expect(await (await admin.get(`/admin/webhooks/${eventId}`)).text()).toContain("Bodil");
  const rows = (await auditRows(admin, query)).filter((r) => r.includes(eventId));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(DEMO_ADMIN.email);
  expect(rows[0]).toContain("type=cardholder.updated");
  for (const context of [admin, viewer]) await context.dispose();
});

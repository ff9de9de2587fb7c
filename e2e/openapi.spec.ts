import { Validator } from "@seriousme/openapi-schema-validator";
import { checkPage } from "./support/apply";
import { describedCall } from "./support/openapi";
import { DEMO_ADMIN, staffApi } from "./support/staff";
import { expect, test } from "./support/test";

// Issue #29: the portal API described as OpenAPI 3.1 at /api/openapi.json, a readable page beside it, and routes that
// answer as described (each call below goes through describedCall, which checks it against the served document).

test.describe("the described API", () => {
  test("GET /api/openapi.json is a valid OpenAPI 3.1 document of every route @phone", async ({ request }) => {
    const served = await request.get("/api/openapi.json");
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^application\/json/);
    const document = (await served.json()) as { openapi: string; paths: Record<string, object> };
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/applications", "/api/admin/staff", "/api/openapi.json"]));
  });

  test("the reference page shows every operation, in English and in Chinese @phone", async ({ page, request }, testInfo) => {
    const document = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    await page.goto("/docs/api");
    await expect(page.getByRole("heading", { level: 1, name: "Portal API reference" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 }).filter({ hasText: /^(GET|POST|PUT|PATCH|DELETE)/ })).toHaveCount(operations);
    const start = page.locator("#post-api-applications");
    await expect(start.getByRole("heading", { level: 3 })).toHaveText("POST/api/applications");
    await expect(start.getByText("productId", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "The OpenAPI 3.1 document (JSON)" })).toHaveAttribute("href", "/api/openapi.json");
    await checkPage(page, testInfo, "api-reference");
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "门户 API 参考" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "身份验证" })).toBeVisible();
    await checkPage(page, testInfo, "api-reference-zh");
  });

  test("the applicant API's other routes answer as described @phone", async ({ request }) => {
    expect((await describedCall(request, "GET", "/api/health")).status()).toBe(200);
    expect((await describedCall(request, "GET", "/api/cities?country=GB")).status()).toBe(200);
    expect((await describedCall(request, "GET", "/api/cities?country=nowhere")).status()).toBe(400);
    const started = await describedCall(request, "POST", "/api/applications", { data: { productId: "prod_travel_standard_usd" } });
    const id = ((await started.json()) as { application: { id: string } }).application.id;
    expect((await describedCall(request, "POST", `/api/applications/${id}/resume-email`)).status()).toBe(409);
    const contact = { email: `described.${Date.now()}@example.com`, area_code: "+44", mobile_number: "7700900123" };
    await describedCall(request, "PUT", `/api/applications/${id}/draft`, { data: { step: "contact", values: contact } });
    const revision = await describedCall(request, "GET", `/api/applications/${id}/draft?step=contact`);
    expect(await revision.json()).toMatchObject({ step: "contact", revision: expect.any(String) });
    expect((await describedCall(request, "GET", `/api/applications/${id}/draft?step=elsewhere`)).status()).toBe(422);
    expect((await describedCall(request, "POST", `/api/applications/${id}/resume-email`)).status()).toBe(200);
    // The holder itself is not a browser a resume link replaced: 404, as for an unknown application.
    expect((await describedCall(request, "POST", `/api/applications/${id}/new-link`)).status()).toBe(404);
    expect((await describedCall(request, "GET", "/api/applications/app_AAAAAAAAAAAAAAAAAAAAAA/status")).status()).toBe(404);
  });

  test("the staff API answers as described, refusals included @phone", async ({ request, playwright, baseURL }) => {
    expect((await describedCall(request, "GET", "/api/admin/staff")).status()).toBe(401);
    const admin = await staffApi(playwright, baseURL ?? "", DEMO_ADMIN);
    expect((await describedCall(admin, "GET", "/api/admin/staff")).status()).toBe(200);
    const email = `described.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const added = await describedCall(admin, "POST", "/api/admin/staff", { data: { email, name: "Described Agent", role: "agent" } });
    const { staff, setPasswordUrl } = (await added.json()) as { staff: { id: string }; setPasswordUrl: string };
    const password = `pw-${crypto.randomUUID()}`;
    const token = setPasswordUrl.split("/").pop();
    expect((await describedCall(admin, "POST", "/api/staff-password", { data: { token, password } })).status()).toBe(200);
    expect((await describedCall(admin, "PATCH", `/api/admin/staff/${staff.id}`, { data: { name: "Described Agent 2" } })).status()).toBe(
      200,
    );

    const agent = await staffApi(playwright, baseURL ?? "", { email, password });
    expect((await describedCall(agent, "GET", "/api/admin/staff")).status()).toBe(403);
    expect((await describedCall(agent, "POST", "/api/admin/account/time-zone", { data: { timeZone: "Mars/Olympus" } })).status()).toBe(422);
    expect((await describedCall(agent, "POST", "/api/admin/account/time-zone", { data: { timeZone: "Europe/London" } })).status()).toBe(
      200,
    );
    const saved = await describedCall(agent, "POST", "/api/admin/saved-views", { data: { name: "Drafts", query: "state=draft" } });
    const view = ((await saved.json()) as { view: { id: string } }).view;
    expect((await describedCall(agent, "DELETE", `/api/admin/saved-views/${view.id}`)).status()).toBe(200);

    const started = await describedCall(request, "POST", "/api/applications", { data: { productId: "prod_travel_standard_usd" } });
    const id = ((await started.json()) as { application: { id: string } }).application.id;
    const about = { first_name: "Ada", last_name: "Described", birth_date: "1990-05-17", nationality: "GB" };
    await describedCall(request, "PUT", `/api/applications/${id}/draft`, { data: { step: "about-you", values: about } });
    const on = (action: string) => `/api/admin/applications/${id}/${action}`;
    expect((await describedCall(agent, "POST", on("claim"))).status()).toBe(200);
    expect((await describedCall(agent, "POST", on("notes"), { data: { body: "Phoned, will finish tonight." } })).status()).toBe(200);
    expect((await describedCall(agent, "POST", on("notes"), { data: { body: " " } })).status()).toBe(422);
    expect((await describedCall(agent, "POST", on("release"))).status()).toBe(200);
    expect((await describedCall(agent, "POST", on("assign"), { data: { assigneeId: staff.id } })).status()).toBe(200);
    expect((await describedCall(agent, "POST", on("reveal"), { data: { path: "birth_date" } })).status()).toBe(200);
    expect((await describedCall(agent, "POST", on("resume-link"))).status()).toBe(200);
    expect((await describedCall(agent, "POST", on("attention"), { data: { reason: "acknowledged" } })).status()).toBe(409);
    const bulk = await describedCall(agent, "POST", "/api/admin/applications/bulk", {
      data: { action: "assign", ids: [id], assigneeId: staff.id },
    });
    expect(await bulk.json()).toMatchObject({ done: 1, refused: 0 });
    const csv = await describedCall(agent, "GET", `/api/admin/audit/export?application=${id}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain("application.claimed");
    await agent.dispose();
    await admin.dispose();
  });
});

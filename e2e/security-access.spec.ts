import type { APIRequestContext } from "@playwright/test";
import { fillDate } from "./support/apply";
import { PNG } from "./support/open-api";
import { clientHeaders, expect, test } from "./support/test";

// Applicant data safety, tried as an attacker would, against the running portal (issue #9): each test performs
// the attack and shows that it now fails.

const STANDARD = "prod_travel_standard_usd";
const json = (data: unknown = {}) => ({ data });

async function start(request: APIRequestContext, productId = STANDARD) {
  const started = await request.post("/api/applications", json({ productId }));
  expect(started.status()).toBe(201);
  return (await started.json()) as { application: { id: string }; resumeUrl: string };
}

test.describe("resume-link fixation", () => {
  test("the attacker who sends a resume link loses the application to the person who uses it", async ({
    request,
    browser,
    baseURL,
  }, testInfo) => {
    // The attacker starts an application through the API and keeps its cookie.
    const { application, resumeUrl } = await start(request);
    const id = application.id;

    // The victim opens the link in a browser: a confirmation, and nothing bound until they confirm.
    const victim = await browser.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, "victim") });
    const page = await victim.newPage();
    await page.goto(resumeUrl);
    await expect(page.getByRole("heading", { name: "Continue your application on this device?" })).toBeVisible();
    expect((await request.get(`/api/applications/${id}`)).status()).toBe(200);
    await page.getByRole("button", { name: "Continue on this device" }).click();
    await expect(page).toHaveURL(/\/about-you$/);
    await page.getByLabel("First name").fill("Victoria");
    await page.getByLabel("Last name").fill("Victim");
    await fillDate(page, "Date of birth", "1985-03-14");
    await page.getByLabel("Nationality").selectOption("GB");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(/\/contact$/);

    // The attacker's cookie opens nothing any more, neither the API nor the pages: it learns only that the
    // application moved (409 APPLICATION_MOVED, issue #28) and when; the old link is spent.
    const read = await request.get(`/api/applications/${id}`);
    expect(read.status()).toBe(409);
    expect(await read.text()).not.toContain("Victoria");
    const shown = await request.get(`/apply/${id}/about-you`);
    expect(await shown.text()).toContain("This application is now open on");
    expect(await shown.text()).not.toContain("Victoria");
    const write = await request.put(`/api/applications/${id}/draft`, json({ step: "about-you", values: {} }));
    expect(write.status()).toBe(409);
    expect(((await write.json()) as { error: { code: string } }).error.code).toBe("APPLICATION_MOVED");
    expect((await request.post("/api/applications/resume", json({ token: resumeUrl.split("/").pop() }))).status()).toBe(404);
    await victim.close();
  });
});

test.describe("what the API reveals", () => {
  test("identity values are masked, answers end at submission, bearer links are never echoed", async ({ request }) => {
    const { application } = await start(request);
    const id = application.id;
    await request.post(`/api/applications/${id}/documents`, {
      multipart: { field: "identity.front_file_id", file: { name: "passport.png", mimeType: "image/png", buffer: PNG } },
    });
    for (const [step, values] of [
      ["about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" }],
      ["contact", { email: `mask.${Date.now()}@example.com`, area_code: "+44", mobile_number: "7700900123" }],
      ["identity-document", { identity: { type: "PASSPORT", number: "P7654321", issue_country: "GB", expiry_date: "2031-05-01" } }],
    ] as const) {
      const saved = await request.put(`/api/applications/${id}/draft`, json({ step, values }));
      expect(saved.status()).toBe(200);
      expect(await saved.text()).not.toMatch(/P7654321|1990-05-17/);
    }
    const draft = await (await request.get(`/api/applications/${id}`)).json();
    expect(draft.application.draft).toMatchObject({ birth_date: "1990-**-**", identity: { number: "****4321" }, first_name: "Ada" });
    const submitted = await request.post(`/api/applications/${id}/submit`, json());
    expect(submitted.status()).toBe(200);
    const after = await (await request.get(`/api/applications/${id}/status`)).text();
    expect(after).not.toMatch(/\bAda\b|Lovelace|4321|\/apply\/resume\/|\/sandbox\/kyc\//);
    expect(JSON.parse(after).application).toMatchObject({ draft: null, documents: [], state: "kyc_pending" });
  });
});

test.describe("requests from other sites", () => {
  test("a real cross-site form post and cross-origin JSON writes are refused with 403; text/plain is refused with 415", async ({
    page,
    request,
    baseURL,
  }) => {
    const { application } = await start(request);
    // An attacker's page, served as https://evil.example, posting the "Apply" form to the portal.
    await page.route("https://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="post" action="${baseURL}/apply/start"><input name="productId" value="${STANDARD}"><button>Win</button></form>`,
      }),
    );
    await page.goto("https://evil.example/");
    const [answer] = await Promise.all([page.waitForResponse(`${baseURL}/apply/start`), page.getByRole("button", { name: "Win" }).click()]);
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toMatchObject({ error: { code: "FORBIDDEN" } });

    const evil = { origin: "https://evil.example" };
    const id = application.id;
    const put = await request.put(`/api/applications/${id}/draft`, { ...json({ step: "about-you", values: {} }), headers: evil });
    expect(put.status()).toBe(403);
    expect(await put.json()).toMatchObject({ error: { code: "FORBIDDEN", message: expect.any(String) } });
    expect(
      (await request.post(`/api/applications/${id}/submit`, { ...json(), headers: { "sec-fetch-site": "cross-site" } })).status(),
    ).toBe(403);
    expect((await request.post("/api/applications", { ...json({ productId: STANDARD }), headers: { origin: "null" } })).status()).toBe(403);
    for (const path of ["submit", "kyc-link", "validate"]) {
      const plain = await request.post(`/api/applications/${id}/${path}`, { headers: { "content-type": "text/plain" }, data: "" });
      expect(plain.status(), path).toBe(415);
    }
  });
});

test.describe("security headers", () => {
  test("pages carry a nonce CSP, no framing, no sniffing, a same-origin referrer, camera only where a document is asked", async ({
    page,
    request,
  }) => {
    const home = await request.get("/");
    const headers = home.headers();
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers).toMatchObject({ "x-content-type-options": "nosniff", "referrer-policy": "same-origin" });
    expect(headers["permissions-policy"]).toContain("camera=()");
    // Every script of the page carries this response's nonce.
    const scripts = (await home.text()).match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const { application } = await start(request);
    const step = await request.get(`/apply/${application.id}/identity-document`);
    expect(step.headers()["permissions-policy"]).toContain("camera=(self)");
    expect(step.headers()["cache-control"]).toContain("no-store");
    const api = await request.get("/api/applications/app_nonexistentnonexistent");
    expect(api.status()).toBe(404);
    expect(api.headers()).toMatchObject({ "cache-control": "no-store", "x-content-type-options": "nosniff" });

    // The page works under its policy: hydrated, no violation reported.
    const violations: string[] = [];
    page.on("console", (m) => m.text().includes("Content Security Policy") && violations.push(m.text()));
    await page.goto("/");
    await page.getByLabel("Nationality").selectOption("KP");
    await expect(page.getByText("Not available for you:").first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test.describe("uploads", () => {
  test("clean names upstream, one document per field, no back side for a passport, few parts", async ({ request }) => {
    const { application } = await start(request);
    const id = application.id;
    const send = (field: string, name: string, extra: Record<string, string> = {}) =>
      request.post(`/api/applications/${id}/documents`, {
        multipart: { field, ...extra, file: { name, mimeType: "image/png", buffer: PNG } },
      });
    const first = await (await send("identity.front_file_id", "../../etc/passwd.png")).json();
    expect(first.document.fileName).toBe("passwd.png");
    const second = await (await send("identity.front_file_id", "C:\\scans\\front<script>.png")).json();
    expect(second.document.fileName).toBe("front_script.png");
    const view = await (await request.get(`/api/applications/${id}`)).json();
    expect(view.application.documents.map((d: { fileId: string }) => d.fileId)).toEqual([second.document.fileId]);

    const back = await send("identity.back_file_id", "back.png", { documentType: "PASSPORT" });
    expect(back.status()).toBe(422);
    expect(await back.json()).toMatchObject({ error: { fields: { "identity.back_file_id": "errors.file.no_back_side" } } });

    const many = await request.post(`/api/applications/${id}/documents`, {
      multipart: { field: "identity.front_file_id", a: "1", b: "2", c: "3", file: { name: "x.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(many.status()).toBe(400);
  });

  test("an application takes at most 20 documents an hour; the 21st is 429 with Retry-After", async ({ request }) => {
    const { application } = await start(request);
    for (let i = 0; i < 20; i++) {
      const ok = await request.post(`/api/applications/${application.id}/documents`, {
        multipart: { field: "identity.front_file_id", file: { name: `p${i}.png`, mimeType: "image/png", buffer: PNG } },
      });
      expect(ok.status(), `upload ${i + 1}`).toBe(200);
    }
    const refused = await request.post(`/api/applications/${application.id}/documents`, {
      multipart: { field: "identity.front_file_id", file: { name: "p.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
  });
});

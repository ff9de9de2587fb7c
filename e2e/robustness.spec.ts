import fc from "fast-check";
import type { APIRequestContext } from "@playwright/test";
import { PNG } from "./support/open-api";
import { sandboxCall } from "./support/sandbox-api";
import { rawRequest } from "./support/raw-http";
import { clientHeaders, expect, test } from "./support/test";

// Bad input gets a clear 4xx and an unreachable or failing issuer a 503: never a 500, never a stack trace.

const ROUTES = [
  "/api/products",
  "/api/cities?country={id}",
  "/api/applications",
  "/api/applications/resume",
  "/api/applications/{id}",
  "/api/applications/{id}/draft",
  "/api/applications/{id}/documents",
  "/api/applications/{id}/validate",
  "/api/applications/{id}/submit",
  "/api/applications/{id}/kyc-link",
  "/api/applications/{id}/status",
  "/api/webhooks/issuer",
  "/apply/start",
  "/apply/resume",
  "/apply/{id}",
  "/apply/{id}/about-you",
  "/apply/{id}/review",
  "/apply/resume/{id}",
  "/",
];
const SEGMENTS = [
  "app_xxxxxxxxxxxxxxxxxxxxxx",
  "%ZZ",
  "%E0%A4%A",
  "..%2F..%2Fetc",
  "app_" + "A".repeat(300),
  "%00",
  "über",
  "'\"<script>",
  "",
];
const COOKIES = [
  "ob_app_xxxxxxxxxxxxxxxxxxxxxx=%E0%A4%A",
  "ob_app_xxxxxxxxxxxxxxxxxxxxxx=b.%%%",
  "locale=%ZZ",
  "=;;;=",
  "ob_=" + "x".repeat(5000),
];
const TYPES = [
  "application/json",
  "text/plain",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "application/x-www-form-urlencoded",
  "",
];
const BODIES = [
  "",
  "{",
  "null",
  "[]",
  '{"productId":{"$ne":1}}',
  '{"step":"about-you","values":[1,2]}',
  '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
  "a=%ZZ&productId=",
];

test("fuzz: odd paths, cookies, content types and bodies on every route never answer 500", async ({ request }) => {
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ROUTES),
      fc.constantFrom(...SEGMENTS),
      fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
      fc.constantFrom(...COOKIES),
      fc.constantFrom(...TYPES),
      fc.constantFrom(...BODIES),
      async (route, segment, method, cookie, type, body) => {
        const path = route.replace("{id}", segment);
        const response = await request.fetch(path, {
          method,
          headers: { cookie, ...(type ? { "content-type": type } : {}) },
          ...(method === "GET" ? {} : { data: Buffer.from(body) }),
          maxRedirects: 0,
        });
        seen.set(response.status(), (seen.get(response.status()) ?? 0) + 1);
        expect(response.status(), `${method} ${path} ${type} ${JSON.stringify(body)}`).toBeLessThan(500);
        const text = await response.text();
        // A stack frame, a module path or SQL would be a leak; the portal's own pages may hold any other text.
        expect(text).not.toMatch(
          /\bat [\w.<>$]+ \((?:\/|node:|file:)[^)]*:\d+:\d+\)|node_modules\/|\bselect\s+[\w*"]+.*\bfrom\s+"|drizzle-orm/i,
        );
      },
    ),
    { numRuns: 250, seed: 20261122 },
  );
  expect([...seen.keys()].some((s) => s >= 400)).toBe(true);
});

async function onboard(request: APIRequestContext, statuses: number[]): Promise<{ id: string; email: string }> {
  // Every call is retried as a browser would after a 503: the issuer is failing, the portal says so and keeps nothing half done.
  // At most 10 tries: the portal takes 10 submissions of one application an hour (a 12th try met its 429 in CI).
  const call = async (method: string, path: string, options: Parameters<APIRequestContext["fetch"]>[1] = {}) => {
    for (let i = 0; i < 10; i++) {
      const response = await request.fetch(path, { method, ...options });
      statuses.push(response.status());
      if (![502, 503].includes(response.status())) return response;
      // Backing off as a client should (0.25 s, 0.5 s, 1 s, 2 s, then 4 s apart), and out of an open circuit breaker
      // (ten outages in a row open it for 10 s) for as long as its Retry-After says: a try into it is a try lost (CI
      // once lost ten in a row, two or three to each opening). Other 503s say a generic 5 s; the back-off is enough.
      const body = (await response.json().catch(() => ({}))) as { error?: { upstream?: { code?: string } } };
      const open = body.error?.upstream?.code === "CIRCUIT_OPEN";
      const retryAfter = open ? Number(response.headers()["retry-after"] ?? 0) * 1000 : 0;
      const backoff = i > 0 ? Math.min(250 * 2 ** (i - 1), 4_000) : 0;
      await new Promise((resolve) => setTimeout(resolve, Math.max(backoff, retryAfter)));
    }
    throw new Error(`${method} ${path} kept failing`);
  };
  const started = await call("POST", "/api/applications", { data: { productId: "prod_travel_standard_usd" } });
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  await call("POST", `/api/applications/${id}/documents`, {
    multipart: { field: "identity.front_file_id", file: { name: "p.png", mimeType: "image/png", buffer: PNG } },
  });
  const email = `faults.${crypto.randomUUID().slice(0, 8)}@example.com`;
  for (const [step, values] of [
    ["about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" }],
    ["contact", { email, area_code: "+44", mobile_number: "7700900123" }],
    ["identity-document", { identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01" } }],
  ] as const) {
    expect((await call("PUT", `/api/applications/${id}/draft`, { data: { step, values } })).status()).toBe(200);
  }
  const submitted = await call("POST", `/api/applications/${id}/submit`, { data: {} });
  expect(submitted.status()).toBe(200);
  return { id, email };
}

test("faults: with the sandbox failing half its calls and losing a fifth of its answers, no 500, and nothing created twice", async ({
  request,
}) => {
  expect((await sandboxCall(request, "PUT", "/sandbox/simulate/faults", { error_rate: 0.5, drop_rate: 0.2, latency_ms: 5 })).status).toBe(
    200,
  );
  const statuses: number[] = [];
  const done: Array<{ id: string; email: string }> = [];
  try {
    for (let i = 0; i < 6; i++) done.push(await onboard(request, statuses));
  } finally {
    expect((await sandboxCall(request, "PUT", "/sandbox/simulate/faults", {})).status).toBe(200);
  }
  expect(statuses.filter((s) => s >= 500 && s !== 502 && s !== 503)).toEqual([]);
  expect(statuses.some((s) => s === 503 || s === 502)).toBe(true);
  for (const { id, email } of done) {
    const view = (await (await request.get(`/api/applications/${id}/status`)).json()) as { application: { state: string } };
    expect(view.application.state).toMatch(/submitted|kyc_pending/);
    // A lost answer was retried with the same X-Request-Id: one cardholder per application upstream.
    const upstream = await sandboxCall(request, "GET", `/sandbox/api/open/v1/issuing/cardholders?email=${encodeURIComponent(email)}`);
    expect(upstream.json.data?.total).toBe(1);
  }
});

test("city suggestions while the issuer fails: a country already asked for still answers, another gets a clear 503", async ({
  request,
}) => {
  expect((await request.get("/api/cities?country=FR")).status()).toBe(200);
  expect((await sandboxCall(request, "PUT", "/sandbox/simulate/faults", { error_rate: 1 })).status).toBe(200);
  try {
    const cached = await request.get("/api/cities?country=FR");
    expect(cached.status()).toBe(200);
    expect(((await cached.json()) as { cities: Array<{ name: string }> }).cities.map((c) => c.name)).toContain("Paris");
    const unknown = await request.get("/api/cities?country=NL");
    expect(unknown.status()).toBe(503);
    expect(Number(unknown.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await unknown.json()).toMatchObject({ error: { code: "UPSTREAM_UNAVAILABLE", message: expect.any(String) } });
  } finally {
    expect((await sandboxCall(request, "PUT", "/sandbox/simulate/faults", {})).status).toBe(200);
  }
  // Faults cleared, the country is asked again: a failure is not remembered.
  expect((await request.get("/api/cities?country=NL")).status()).toBe(200);
});

test("a multipart post over 1 MB to a page is 413 in the portal's error shape, whether its length is declared or streamed", async ({
  request,
  baseURL,
}, testInfo) => {
  const big = Buffer.alloc(1_100_000, 0x61);
  for (const path of ["/", "/admin/sign-in", "/apply/app_xxxxxxxxxxxxxxxxxxxxxx/about-you", "/privacy", "/apply/start"]) {
    const answer = await request.post(path, {
      multipart: { a: { name: "a.bin", mimeType: "application/octet-stream", buffer: big } },
      maxRedirects: 0,
    });
    expect(answer.status(), path).toBe(413);
    expect(await answer.json(), path).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE", message: expect.any(String) } });
  }
  // No Content-Length: the body arrives in chunks and is refused once it passes the limit.
  const boundary = "x".repeat(16);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n`),
    big,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const chunked = await rawRequest(baseURL!, {
    method: "POST",
    path: "/",
    headers: { ...clientHeaders(testInfo), "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" },
    body,
  });
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.text)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
});

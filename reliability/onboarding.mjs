// Phase 1's clients: each onboarding is one browser going through the portal's API as the pages would (start,
// document, steps, submit), the person passing the identity check (the sandbox's test helper, as the hosted
// page's Approve would) and the status page polling until the card is issued. Every acknowledged write is
// remembered, for the checks afterwards.
import { randomUUID } from "node:crypto";
import { Browser } from "./http-client.mjs";

export const SIMPLIFIED = "prod_virtual_simplified_usd";
export const STANDARD = "prod_travel_standard_usd";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function stepsFor(product, email, n) {
  const mobile = `77009${String(n).padStart(5, "0")}`;
  if (product === SIMPLIFIED) {
    return [
      ["about-you", { first_name: "Grace", last_name: "Hopper" }],
      ["contact", { email, area_code: "+44", mobile_number: mobile }],
    ];
  }
  return [
    ["about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" }],
    ["contact", { email, area_code: "+44", mobile_number: mobile }],
    [
      "identity-document",
      { identity: { type: "PASSPORT", number: `P${String(n).padStart(7, "0")}`, issue_country: "GB", expiry_date: "2031-05-01" } },
    ],
  ];
}

/** The sandbox's test helpers take the Open API's bearer token (the token call is never faulted). */
export async function sandboxToken(baseUrl, statuses) {
  const helper = new Browser(baseUrl, 0, statuses);
  const answer = await helper.call("POST", "/sandbox/api/open/v1/auth/token", {
    json: { api_key: "sandbox_key", api_secret: "sandbox_secret" },
    headers: { "x-request-id": randomUUID() },
  });
  if (answer.status !== 200) throw new Error(`sandbox token: ${answer.status} ${answer.text}`);
  return { helper, token: answer.json.data.access_token };
}

/** One onboarding from the start to the card (or as far as it got while the run lasted); never throws. */
export async function onboard(ctx, n) {
  const { baseUrl, db, statuses, sandbox, run } = ctx;
  const browser = new Browser(baseUrl, n, statuses);
  const product = n % 2 === 0 ? SIMPLIFIED : STANDARD;
  const email = `rel.${run}.${n}@example.com`;
  const record = { n, product, email, browser, acked: [], id: undefined, submitted: false, state: undefined, error: undefined };
  const expect = (answer, status, what) => {
    if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer.json;
  };
  try {
    const started = expect(await browser.call("POST", "/api/applications", { json: { productId: product } }), 201, "start");
    record.id = started.application.id;
    if (product === STANDARD) {
      const file = { name: "passport.png", type: "image/png", data: PNG };
      const path = `/api/applications/${record.id}/documents`;
      expect(await browser.call("POST", path, { multipart: { fields: { field: "identity.front_file_id" }, file } }), 200, "document");
      record.document = true;
    }
    for (const [step, values] of stepsFor(product, email, n)) {
      expect(await browser.call("PUT", `/api/applications/${record.id}/draft`, { json: { step, values } }), 200, `draft ${step}`);
      record.acked.push({ step, values });
    }
    expect(await browser.call("POST", `/api/applications/${record.id}/submit`, { json: {} }), 200, "submit");
    record.submitted = true;
    if (product === STANDARD) {
      const [row] = await db.query("select cardholder_id from applications where id = $1", [record.id]);
      const kyc = await sandbox.helper.call("POST", `/sandbox/simulate/cardholders/${row.cardholder_id}/kyc`, {
        json: { kyc_status: "VERIFIED" },
        headers: { authorization: `Bearer ${sandbox.token}` },
      });
      expect(kyc, 200, "identity check");
    }
    await pollUntilIssued(record, baseUrl, 30_000);
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
  }
  return record;
}

/** The status page: polls once a second until the card is issued or the application ends, for at most `ms`. */
export async function pollUntilIssued(record, baseUrl, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const answer = await record.browser.call("GET", `/api/applications/${record.id}/status`);
    if (answer.status !== 200) throw new Error(`status: ${answer.status} ${answer.text.slice(0, 300)}`);
    record.state = answer.json.application.state;
    if (answer.json.application.final) return record.state;
    await sleep(1_000);
  }
  return record.state;
}

/**
 * The submitted applications not yet issued, polled until each is (at most `ms`): what a status page left open does.
 * Returns how many there were and the seconds it took.
 */
export async function settle(records, baseUrl, ms) {
  const waiting = records.filter((r) => r.submitted && !r.error && r.state !== "card_issued");
  const started = Date.now();
  await Promise.all(waiting.map((r) => pollUntilIssued(r, baseUrl, ms).catch((e) => (r.error = String(e)))));
  return { count: waiting.length, seconds: Math.round((Date.now() - started) / 1000) };
}

/** Runs `count` onboardings, `concurrency` at a time (browsers numbered from `offset` + 1); `onStarted(k)` is told as the k-th one begins. */
export async function runOnboardings(ctx, { count, concurrency, onStarted, offset = 0 }) {
  const records = [];
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nextIndex < count) {
        const n = nextIndex++;
        onStarted?.(n);
        records.push(await onboard(ctx, offset + n + 1));
      }
    }),
  );
  return records.sort((a, b) => a.n - b.n);
}

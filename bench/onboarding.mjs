// Benchmark: the portal's own server time in a whole onboarding. N onboardings (default 50) one after another
// over the portal's JSON API (Premium Enhanced: SSN, passport, identity check; the steps of
// e2e/support/onboard-api.ts), each portal call timed from the outside; the upstream time the portal recorded in
// upstream_requests during that call is subtracted. Reports median and p95 per onboarding.
//
//   node bench/onboarding.mjs                 builds if needed, own server (fresh PGlite), 50 onboardings
//   BENCH_ONBOARDINGS=10 node bench/onboarding.mjs
//   DATABASE_URL=postgres://... node bench/onboarding.mjs
//
// The own server is plain `next start`, which takes the client address from `x-portal-client-ip`: each onboarding
// sends its own, so that the per-address limits on starts and uploads do not stop the run.
import { randomUUID } from "node:crypto";
import { queryDatabase, startOwnServer } from "./server.mjs";

const COUNT = Number(process.env.BENCH_ONBOARDINGS ?? 50);
const POLL_MS = 200;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** One onboarding's portal calls: [name, start epoch ms, end epoch ms, wall ms]. */
async function onboard(base, n) {
  const calls = [];
  const headers = { "x-portal-client-ip": `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}` };
  const call = async (name, url, init = {}) => {
    const start = Date.now();
    const t = performance.now();
    const response = await fetch(`${base}${url}`, { ...init, headers: { ...headers, ...init.headers } });
    const text = await response.text();
    calls.push({ name, start, end: Date.now(), wall: performance.now() - t });
    if (!response.ok) throw new Error(`${name}: ${response.status} ${text}`);
    return { response, json: text ? JSON.parse(text) : null };
  };
  const json = (method, body) => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  const started = await call("start", "/api/applications", json("POST", { productId: "prod_premium_enhanced_eur" }));
  const id = started.json.application.id;
  // The binding cookie that the browser would keep.
  headers.cookie = started.response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const form = new FormData();
  form.set("field", "identity.front_file_id");
  form.set("file", new Blob([PNG], { type: "image/png" }), "passport.png");
  await call("upload", `/api/applications/${id}/documents`, { method: "POST", body: form });
  const email = `bench.${n}.${randomUUID().slice(0, 8)}@example.com`;
  const steps = [
    ["about-you", { first_name: "Ada", last_name: "Bench", birth_date: "1979-03-14", gender: 2, nationality: "US", ssn: "918273645" }],
    ["contact", { email, area_code: "+1", mobile_number: "2025550143" }],
    ["identity-document", { identity: { type: "PASSPORT", number: `ZQ-${n}`, issue_country: "US", expiry_date: "2032-01-31" } }],
    ["address", { billing_address: { country: "US", city: "Boston", line1: `${n} Main St`, postcode: "02134" } }],
  ];
  for (const [step, values] of steps) await call(`draft ${step}`, `/api/applications/${id}/draft`, json("PUT", { step, values }));
  await call("submit", `/api/applications/${id}/submit`, json("POST", {}));

  // The issuer's side (not timed): the person passes the identity check through the sandbox's test helper.
  const tokenAnswer = await fetch(`${base}/sandbox/api/open/v1/auth/token`, {
    ...json("POST", { api_key: "sandbox_key", api_secret: "sandbox_secret" }),
    headers: { "content-type": "application/json", "x-request-id": randomUUID() },
  });
  const token = (await tokenAnswer.json()).data.access_token;
  const auth = { authorization: `Bearer ${token}`, "x-request-id": randomUUID() };
  const found = await fetch(`${base}/sandbox/api/open/v1/issuing/cardholders?email=${encodeURIComponent(email)}`, { headers: auth });
  const cardholderId = (await found.json()).data.items[0].id;
  await fetch(`${base}/sandbox/simulate/cardholders/${cardholderId}/kyc`, {
    method: "POST",
    headers: { authorization: auth.authorization, "content-type": "application/json" },
    body: JSON.stringify({ kyc_status: "VERIFIED" }),
  });
  for (let i = 0; ; i++) {
    const { json: status } = await call("status", `/api/applications/${id}/status`);
    if (status.application.state === "card_issued") break;
    if (i > 300) throw new Error(`${id} stuck in ${status.application.state}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { id, calls };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
const ms = (v) => `${v.toFixed(0)} ms`;

const server = await startOwnServer({ env: { SANDBOX_APPROVAL_DELAY_MS: "200" }, keepData: true });
const runs = [];
try {
  await onboard(server.url, -1); // warm-up: JIT, first compiles of each route, the token
  const since = Date.now();
  for (let n = 0; n < COUNT; n++) runs.push(await onboard(server.url, n));
  await server.stop();
  const rows = await queryDatabase(
    server.dataDir,
    `select application_id, extract(epoch from created_at) * 1000 as end_ms, duration_ms from upstream_requests
     where created_at >= to_timestamp(${(since - 1000) / 1000})`,
  );
  // An upstream call belongs to a portal call when it ended inside it (created_at is written after the call).
  const inside = (c, r) => Number(r.end_ms) >= c.start - 2 && Number(r.end_ms) <= c.end + 2;
  const byName = new Map();
  const totals = runs.map(({ id, calls }) => {
    const mine = rows.filter((r) => r.application_id === id || r.application_id === null);
    const sum = { wall: 0, upstream: 0, overhead: 0, flow: 0, calls: calls.length, polls: calls.filter((c) => c.name === "status").length };
    for (const c of calls) {
      const upstream = mine.filter((r) => inside(c, r)).reduce((t, r) => t + Number(r.duration_ms), 0);
      sum.wall += c.wall;
      sum.upstream += upstream;
      sum.overhead += c.wall - upstream;
      if (c.name !== "status") sum.flow += c.wall - upstream;
      byName.set(c.name, [...(byName.get(c.name) ?? []), c.wall - upstream]);
    }
    return sum;
  });
  const sorted = (f) => totals.map(f).sort((a, b) => a - b);
  const line = (label, f) =>
    console.log(`  ${label.padEnd(18)} median ${ms(quantile(sorted(f), 0.5))}  p95 ${ms(quantile(sorted(f), 0.95))}`);
  console.log(`${COUNT} onboardings (${process.env.DATABASE_URL ? "postgres" : "pglite"}), per onboarding:`);
  console.log(
    `  portal calls       median ${quantile(
      sorted((t) => t.calls),
      0.5,
    )} (of them status polls: ${quantile(
      sorted((t) => t.polls),
      0.5,
    )})`,
  );
  line("wall time", (t) => t.wall);
  line("upstream inside", (t) => t.upstream);
  line("portal overhead", (t) => t.overhead);
  line("  without polls", (t) => t.flow);
  console.log("  overhead per call:");
  for (const [name, values] of byName) {
    values.sort((a, b) => a - b);
    console.log(
      `    ${name.padEnd(24)} ${String(values.length).padStart(5)} calls  median ${ms(quantile(values, 0.5))}  p95 ${ms(quantile(values, 0.95))}`,
    );
  }
} finally {
  await server.stop();
  server.remove();
}

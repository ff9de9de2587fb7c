// Benchmark: signed unique webhook events per second against a running portal, and in the same run the
// rate of GET /api/health on the same server (the ratio is what to compare across machines).
//
//   node bench/webhooks.mjs                      builds if needed, starts its own server (fresh DATA_DIR)
//   BENCH_URL=http://localhost:3000 node bench/webhooks.mjs   against a server you started
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 ISSUER_WEBHOOK_SECRET=... (defaults: 10, 20, the sandbox secret)
//   BENCH_SETTLE_SECONDS=20   wait this long after the load before counting what the processor has applied
//   BENCH_WARM_SECONDS=3      webhooks sent to warm up before measuring (0: none, as before 2026-11-24)
// With its own server (or DATABASE_URL) it then counts the run's events in the inbox by state: acknowledged
// events still pending when the load ended are the backlog that the processor applies afterwards.
import { createHmac, randomUUID } from "node:crypto";
import { cpus } from "node:os";
import { agent, cpuMs, queryDatabase, request, startOwnServer } from "./server.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECRET = process.env.ISSUER_WEBHOOK_SECRET ?? "sandbox_webhook_secret";
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 0);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);

/** CONNECTIONS loops, each sending one request after another for `seconds`; counts answers by status. */
async function load(name, makeRequest, seconds = SECONDS) {
  const cpuBefore = own ? cpuMs(own.pid) : 0;
  const until = Date.now() + seconds * 1000;
  const latencies = [];
  const statuses = new Map();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const status = await makeRequest().catch(() => 0);
        latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const ok = statuses.get(200) ?? 0;
  return {
    name,
    // The own server's CPU per answered request: unlike the rates, hardly moved by other work on the machine.
    cpuPerRequest: own ? (cpuMs(own.pid) - cpuBefore) / Math.max(1, latencies.length) : undefined,
    perSecond: ok / SECONDS,
    ok,
    other: latencies.length - ok,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  };
}

const post = ({ body, signature }) =>
  request(`${base}/api/webhooks/issuer`, "POST", body, { "content-type": "application/json", "x-wk-signature": signature });

/** The machine's busy CPU time in ms, all cores together (the database and its autovacuum included). */
const busyMs = () => cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);

/** Waits until the whole machine has been under 10 % of one core for a second (at most a minute). */
async function settled() {
  for (let i = 0, before = busyMs(); i < 60; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = busyMs();
    if (now - before < 100) return;
    before = now;
  }
}

// The same event as lib/webhooks/test-events.ts on purpose: the bench is plain Node over HTTP and imports nothing of lib/.
function signedEvent(run, i) {
  const data = {
    transaction_id: `txn_${run}_${i}`,
    card_id: "card_bench",
    cardholder_id: "ch_bench",
    card_number: "453201******0000",
    transaction_type: "AUTHORIZATION",
    transaction_status: "APPROVED",
    transaction_amount: "1.00",
    transaction_currency: "USD",
    billing_amount: "1.00",
    billing_currency: "USD",
    transaction_time: new Date().toISOString(),
    merchant_data: [{ name: "Bench" }],
  };
  const body = JSON.stringify({
    account_no: "8800****4321",
    data,
    event_id: `evt_bench_${run}_${i}`,
    event_type: "card.transaction.authorization",
    timestamp: new Date().toISOString().slice(0, 19) + "Z",
  });
  return { body, signature: createHmac("sha256", SECRET).update(body).digest("base64") };
}

const own = process.env.BENCH_URL ? undefined : await startOwnServer({ keepData: true });
const base = process.env.BENCH_URL ?? own.url;
let run = "";
try {
  // Both routes warm up (JIT, connection pool), then the processor applies the warm-up events before anything
  // is measured: left to run during the health load, it would slow that instead.
  await load("warm-up", () => request(`${base}/api/health`, "GET"));
  if (WARM_SECONDS > 0) {
    const warm = randomUUID().slice(0, 8);
    let w = 0;
    await load("warm-up", () => post(signedEvent(warm, w++)), WARM_SECONDS);
    await settled();
  }
  const health = await load("GET /api/health", () => request(`${base}/api/health`, "GET"));
  run = randomUUID().slice(0, 8);
  let i = 0;
  const hooks = await load("POST /api/webhooks/issuer (signed, unique)", () => post(signedEvent(run, i++)));
  for (const r of [health, hooks]) {
    console.log(
      `${r.name.padEnd(45)} ${r.perSecond.toFixed(0).padStart(6)} /s  ok ${r.ok}  other ${r.other}  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms` +
        (r.cpuPerRequest === undefined ? "" : `  server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`),
    );
  }
  console.log(
    `ratio webhooks / health: ${(hooks.perSecond / health.perSecond).toFixed(2)}  (${SECONDS} s each, ${CONNECTIONS} connections, ${process.env.DATABASE_URL ? "postgres" : "pglite"})`,
  );
  if (own) console.log(`CPU ratio (server CPU per health check / per webhook): ${(health.cpuPerRequest / hooks.cpuPerRequest).toFixed(2)}`);
  const cpuAfterLoad = own ? cpuMs(own.pid) : 0;
  await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
  if (own && SETTLE_SECONDS > 0)
    console.log(
      `server CPU in the ${SETTLE_SECONDS} s after the load: ${((cpuMs(own.pid) - cpuAfterLoad) / hooks.ok).toFixed(2)} ms per acknowledged webhook`,
    );
  await own?.stop();
  if (own || process.env.DATABASE_URL) {
    const states = await queryDatabase(
      own?.dataDir,
      `select state, count(*)::int as n from webhook_inbox where event_id like 'evt_bench_${run}_%' group by state order by state`,
    );
    console.log(`inbox ${SETTLE_SECONDS} s after the load: ${states.map((s) => `${s.state} ${s.n}`).join(", ")}`);
  }
} finally {
  await own?.stop();
  own?.remove();
  agent.destroy();
}

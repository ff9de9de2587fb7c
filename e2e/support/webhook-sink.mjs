// A stand-in webhook receiver for the e2e suite, started by Playwright before the app (see
// playwright.config.ts). Plain Node, no dependencies. Usage: node e2e/support/webhook-sink.mjs [port] [forward-url]
// With a forward URL it also passes every delivery on to the portal and answers with the portal's status.
//   POST   /hooks        records { received_at, status, headers, body } (body = raw string) and answers 200,
//                        or the planned failure status while a failure plan lasts (failed hits are recorded too)
//   POST   /__control    { "fail_next": n, "status": 503, "match": ["text", ...] } : the next n deliveries (whose
//                        body contains every `match` text, when given) fail with that status
//   GET    /__deliveries the recorded deliveries, oldest first
//   DELETE /__deliveries clears them (the failure plan is kept)
//   GET    /health       200
import { createServer } from "node:http";

const port = Number(process.argv[2] ?? process.env.E2E_SINK_PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error("[webhook-sink] give the port as the first argument or in E2E_SINK_PORT");
  process.exit(1);
}

// Optional: forward each delivery to the portal's receiver and answer with its status (a tap on the wire).
const forwardUrl = process.argv[3] ?? process.env.E2E_SINK_FORWARD ?? "";

async function forward(body, headers) {
  if (!forwardUrl) return 200;
  try {
    const response = await fetch(forwardUrl, {
      method: "POST",
      headers: { "content-type": headers["content-type"] ?? "application/json", "x-wk-signature": headers["x-wk-signature"] ?? "" },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return response.status;
  } catch {
    return 502;
  }
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** @type {{ received_at: string, status: number, headers: Record<string, string | string[] | undefined>, body: string }[]} */
let deliveries = [];
let plan = { remaining: 0, status: 503, match: [] };

function send(res, status, value) {
  const text = value === undefined ? "" : JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(text);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function setPlan(text) {
  let input;
  try {
    input = JSON.parse(text || "{}");
  } catch {
    return { error: "body is not JSON" };
  }
  const failNext = input?.fail_next ?? 0;
  const status = input?.status ?? 503;
  if (!Number.isInteger(failNext) || failNext < 0) return { error: "fail_next must be a non-negative integer" };
  if (!Number.isInteger(status) || status < 100 || status > 599) return { error: "status must be an HTTP status code" };
  const raw = input?.match ?? [];
  const match = (Array.isArray(raw) ? raw : [raw]).filter((m) => typeof m === "string");
  plan = { remaining: failNext, status, match };
  return { ok: true, fail_next: failNext, status, match };
}

const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? "/", "http://sink").pathname;
  try {
    if (req.method === "GET" && path === "/health") return send(res, 200, { ok: true });
    if (req.method === "POST" && path === "/hooks") {
      const body = await readBody(req);
      const planned = plan.remaining > 0 && plan.match.every((m) => body.includes(m));
      if (planned) plan.remaining--;
      const status = planned ? plan.status : await forward(body, req.headers);
      deliveries.push({ received_at: new Date().toISOString(), status, headers: req.headers, body });
      return send(res, status, status === 200 ? { ok: true } : { ok: false, planned_failure: true });
    }
    if (req.method === "POST" && path === "/__control") {
      const result = setPlan(await readBody(req));
      return send(res, result.error ? 400 : 200, result);
    }
    if (path === "/__deliveries" && req.method === "GET") return send(res, 200, deliveries);
    if (path === "/__deliveries" && req.method === "DELETE") {
      deliveries = [];
      return send(res, 200, { ok: true });
    }
    return send(res, 404, { error: "not found" });
  } catch (error) {
    return send(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
});

server.listen(port, "127.0.0.1", () => console.log(`[webhook-sink] listening on http://127.0.0.1:${port}`));
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });

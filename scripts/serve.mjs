// Serves the built portal: Next's request handler on node:http servers this script owns, so that the
// process decides where it listens (HOST) and which client address the app sees (TRUST_PROXY_HOPS).
// `npm start` and the e2e suite run this; plain `next start` would trust a client-sent X-Forwarded-For.
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import next from "next";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const env = process.env;
const port = Number(env.PORT?.trim() || 3000);
const hops = Math.max(0, Math.trunc(Number(env.TRUST_PROXY_HOPS ?? 0)) || 0);
const appUrl = env.APP_URL?.trim() || `http://localhost:${port}`;
// The mode as lib/env.ts reads it: PORTAL_MODE, sandbox by default.
const sandbox = (env.PORTAL_MODE?.trim() || "sandbox") === "sandbox";

/**
 * Where to listen, as lib/env.ts decides the mode (PORTAL_MODE, default sandbox): sandbox mode on loopback only
 * unless SANDBOX_ALLOW_NETWORK=1, checked here too so that a refused HOST is never listened on, not even briefly.
 */
export function listenPlan(vars) {
  const mode = vars.PORTAL_MODE?.trim() || "sandbox";
  const host = vars.HOST?.trim() || (mode === "live" ? "0.0.0.0" : "localhost");
  const loopback = ["localhost", "::1", "[::1]"].includes(host.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  if (mode === "sandbox" && !loopback && vars.SANDBOX_ALLOW_NETWORK?.trim() !== "1") {
    return {
      refused:
        `HOST=${host} is not a loopback address, and sandbox mode listens on loopback only (its embedded issuer, test helpers ` +
        "and public credentials would be open to the network). Unset HOST, set PORTAL_MODE=live, or SANDBOX_ALLOW_NETWORK=1 to open it anyway.",
    };
  }
  // "localhost" means both loopbacks: http://localhost:PORT works whether it resolves to 127.0.0.1 or ::1.
  return { addresses: host === "localhost" ? ["127.0.0.1", "::1"] : [host] };
}

/** The client's address: the socket's, or with N trusted proxies in front, the Nth X-Forwarded-For entry from the right. */
export function clientAddress(forwardedFor, socketAddress, trustedHops) {
  const chain = [
    ...String(forwardedFor ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    socketAddress ?? "",
  ];
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? "";
}

/** Whether the path's %-escapes decode (Next answers 500 to a dynamic segment such as /apply/%ZZ otherwise). */
export function isWellFormedPath(url) {
  try {
    decodeURIComponent(String(url ?? "/").split("?")[0]);
    return true;
  } catch {
    return false;
  }
}

/**
 * DNS rebinding: the Host values the portal answers to, APP_URL's and in sandbox mode the loopback names on its
 * port (lib/http/host.ts holds the same rule for the app, and its test compares both).
 */
export function allowedHosts(url, sandbox) {
  const { hostname, port, protocol } = new URL(url);
  const names = [hostname, ...(sandbox ? ["localhost", "127.0.0.1", "[::1]"] : [])];
  const effective = port || (protocol === "https:" ? "443" : "80");
  return new Set(names.flatMap((name) => [`${name}:${effective}`, ...(port ? [] : [name])]).map((h) => h.toLowerCase()));
}

/** Whether a request may go on: its Host is one of `hosts`, or it is a health check (asked by address). */
export function hostAccepted(req, hosts) {
  if (typeof req.headers.host === "string" && hosts.has(req.headers.host.trim().toLowerCase())) return true;
  return ["GET", "HEAD"].includes(req.method) && String(req.url ?? "").split("?")[0] === "/api/health";
}

const MALFORMED = JSON.stringify({ error: { code: "BAD_REQUEST", message: "The address is malformed." } });
const MISDIRECTED = JSON.stringify({ error: { code: "MISDIRECTED_REQUEST", message: "This portal does not answer to that host name." } });
const JSON_ERROR = { "content-type": "application/json", "cache-control": "no-store", "x-content-type-options": "nosniff" };

/**
 * In the standalone artifact (scripts/standalone.mjs) there is no next.config.mjs: Next reads the build's own
 * copy of the configuration, as its generated server.js would have it do.
 */
function applyBuiltConfig() {
  const required = path.join(root, ".next", "required-server-files.json");
  const hasConfig = ["next.config.mjs", "next.config.js", "next.config.ts"].some((f) => existsSync(path.join(root, f)));
  if (hasConfig || !existsSync(required)) return;
  env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(required, "utf8")).config);
}

async function main() {
  // Migrations and DATA_DIR resolve against the working directory: make it the app's folder wherever we were started.
  process.chdir(root);
  const plan = listenPlan(env);
  if (plan.refused) throw new Error(plan.refused);
  const { addresses } = plan;
  applyBuiltConfig();
  // Every request passes through onRequest below: the app may believe x-portal-client-ip (lib/http/edge.ts).
  globalThis[Symbol.for("card-portal.edge")] = true;
  const hosts = allowedHosts(appUrl, sandbox);
  const app = next({ dev: false, dir: root, hostname: addresses[0], port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const onRequest = (req, res) => {
    if (!hostAccepted(req, hosts)) {
      res.writeHead(421, JSON_ERROR);
      return res.end(MISDIRECTED);
    }
    if (!isWellFormedPath(req.url)) {
      res.writeHead(400, JSON_ERROR);
      return res.end(MALFORMED);
    }
    // Whatever the client sent, the app reads the address decided here (lib/http/client-ip.ts).
    req.headers["x-portal-client-ip"] = clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, hops);
    handle(req, res);
  };
  const servers = [];
  for (const address of addresses) {
    const server = http.createServer(onRequest);
    try {
      await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, address, resolve);
      });
      servers.push(server);
    } catch (error) {
      // A machine without IPv6 has no ::1: the IPv4 loopback alone is enough there.
      if (address === "::1" && servers.length > 0 && ["EADDRNOTAVAIL", "EAFNOSUPPORT"].includes(error.code)) continue;
      throw error;
    }
  }
  console.log(`  Listening on ${servers.map((s) => formatAddress(s.address())).join(" and ")}`);
  const stop = () => {
    for (const server of servers) server.close();
    app.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

const formatAddress = (a) => (a.family === "IPv6" ? `[${a.address}]:${a.port}` : `${a.address}:${a.port}`);

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(`[serve] could not start: ${error.message}`);
    process.exit(1);
  });
}

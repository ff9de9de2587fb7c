// Serves the built portal: Next's request handler on node:http servers this script owns, so that the
// process decides where it listens (HOST) and which client address the app sees (TRUST_PROXY_HOPS).
// `npm start` and the e2e suite run this; plain `next start` would trust a client-sent X-Forwarded-For.
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import next from "next";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// lib/env-parse.ts as plain JavaScript, written after `next build` (scripts/env-bundle.mjs) and copied into dist/portal.
const ENV_BUNDLE = path.join(root, ".next", "portal-env.mjs");

/**
 * The validated environment, read by the app's own parser (lib/env-parse.ts): PORT, HOST, the mode and the proxy
 * hops are never derived here. A refused configuration (a non-loopback HOST in sandbox mode among it) is never
 * listened on, not even briefly.
 */
export async function loadEnv(vars, bundle = ENV_BUNDLE) {
  if (!existsSync(bundle)) throw new Error(`${path.relative(root, bundle)} is missing: build first (npm run build)`);
  const { parseEnv, formatProblems } = await import(pathToFileURL(bundle).href);
  const result = parseEnv(vars, root);
  if (!result.ok)
    throw new Error(
      `${formatProblems(result.mode, result.problems)}\n\nSee .env.example and the configuration table of docs/configuration.md.`,
    );
  return result.env;
}

/** Where and how to serve, from the parsed environment: "localhost" means both loopbacks. */
export function servePlan(env) {
  // http://localhost:PORT works whether it resolves to 127.0.0.1 or ::1.
  const addresses = env.host === "localhost" ? ["127.0.0.1", "::1"] : [env.host];
  return { port: env.port, addresses, hops: env.trustProxyHops, hosts: allowedHosts(env.appUrl, env.mode === "sandbox") };
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
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(required, "utf8")).config);
}

async function main() {
  // Migrations and DATA_DIR resolve against the working directory: make it the app's folder wherever we were started.
  process.chdir(root);
  const { port, addresses, hops, hosts } = servePlan(await loadEnv(process.env));
  applyBuiltConfig();
  // Every request passes through onRequest below: the app may believe x-portal-client-ip (lib/http/edge.ts).
  globalThis[Symbol.for("card-portal.edge")] = true;
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
    const server = keepAlive(http.createServer(onRequest));
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

/**
 * Idle keep-alive sockets stay open 65 s, longer than the 60 s load balancers and HTTP clients keep theirs: with
 * Node's 5 s a client reusing a socket just as the server closed it got ECONNRESET (a flaky e2e test, an ALB's 502).
 * The header timeout must exceed it, or a slow request on a reused socket is cut first.
 */
export function keepAlive(server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

const formatAddress = (a) => (a.family === "IPv6" ? `[${a.address}]:${a.port}` : `${a.address}:${a.port}`);

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(`\n[serve] could not start: ${error.message}\n`);
    process.exit(1);
  });
}

import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env-parse";
// @ts-expect-error -- a plain .mjs script of the repo, without type declarations
import { bundleEnv } from "./env-bundle.mjs";
// @ts-expect-error -- a plain .mjs script of the repo, without type declarations
import { allowedHosts, clientAddress, hostAccepted, isWellFormedPath, keepAlive, loadEnv, servePlan } from "./serve.mjs";

describe("scripts/serve.mjs", () => {
  // e2e/apply-address.spec.ts failed once with ECONNRESET: the client reused a socket the server had just closed
  // after Node's 5 s idle time. Idle sockets now outlive the 60 s of clients and load balancers.
  it("keeps idle sockets longer than clients and load balancers do, and waits for headers longer still", () => {
    const server = keepAlive(http.createServer());
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it("takes the client address from the socket unless proxies are trusted", () => {
    expect(clientAddress(undefined, "127.0.0.1", 0)).toBe("127.0.0.1");
    // A client cannot pick its own address by sending X-Forwarded-For when no proxy is trusted.
    expect(clientAddress("6.6.6.6", "203.0.113.9", 0)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 198.51.100.7", "10.0.0.2", 1)).toBe("198.51.100.7");
    expect(clientAddress("198.51.100.7", "10.0.0.2", 1)).toBe("198.51.100.7");
    expect(clientAddress(undefined, "10.0.0.2", 2)).toBe("10.0.0.2");
  });

  it("refuses paths whose %-escapes do not decode", () => {
    expect(isWellFormedPath("/apply/app_x/about-you?x=%ZZ")).toBe(true);
    expect(isWellFormedPath("/apply/%E6%8A%A4")).toBe(true);
    expect(isWellFormedPath("/apply/%ZZ/about-you")).toBe(false);
    expect(isWellFormedPath("/api/applications/%E0%A4%A")).toBe(false);
  });
});

// serve.mjs reads its settings through the bundle of lib/env-parse.ts that `npm run build` writes: built here afresh.
describe("scripts/serve.mjs: settings through the app's parser", () => {
  let bundle = "";
  beforeAll(() => {
    bundle = bundleEnv(path.join(mkdtempSync(path.join(tmpdir(), "portal-env-")), "portal-env.mjs"));
  }, 60_000);
  type Plan = { port: number; addresses: string[]; hops: number; hosts: Set<string> };
  const plan = async (vars: Record<string, string>): Promise<Plan> => servePlan(await loadEnv(vars, bundle));

  it("parses exactly as lib/env-parse.ts does", async () => {
    for (const vars of [
      {},
      { PORT: "4100", TRUST_PROXY_HOPS: "2", HOST: "127.0.0.1", APP_URL: "https://cards.example.com/" },
      { PORTAL_MODE: "live", ISSUER_BASE_URL: "https://issuer.example", ISSUER_API_KEY: "k", ISSUER_API_SECRET: "s" },
    ]) {
      const ours = parseEnv(vars, path.resolve(__dirname, ".."));
      const theirs = await loadEnv(vars, bundle).catch((error: Error) => error.message);
      if (ours.ok) expect(theirs).toEqual(ours.env);
      else for (const problem of ours.problems) expect(theirs).toContain(problem);
    }
  });

  it("listens where the parser says: loopback in sandbox mode, 0.0.0.0 in live mode, HOST as given", async () => {
    expect(await plan({})).toMatchObject({ port: 3000, addresses: ["127.0.0.1", "::1"], hops: 0 });
    expect(await plan({ HOST: "127.0.0.1", PORT: "4100", TRUST_PROXY_HOPS: "2" })).toMatchObject({
      port: 4100,
      addresses: ["127.0.0.1"],
      hops: 2,
    });
    const live = { PORTAL_MODE: "live", ISSUER_BASE_URL: "https://issuer.example", ISSUER_API_KEY: "k", ISSUER_API_SECRET: "s" };
    const secrets = {
      ISSUER_WEBHOOK_SECRET: "w",
      NEXTAUTH_SECRET: "n".repeat(32),
      DATA_ENCRYPTION_KEY: "d".repeat(32),
      MAIL_DISABLED: "1",
    };
    const livePlan = await plan({ ...live, ...secrets, APP_URL: "https://cards.example.com" });
    expect(livePlan).toMatchObject({ addresses: ["0.0.0.0"] });
    expect([...livePlan.hosts].sort()).toEqual(["cards.example.com", "cards.example.com:443"]);
    expect((await plan({})).hosts.has("127.0.0.1:3000")).toBe(true);
  });

  it("refuses a non-loopback HOST in sandbox mode unless SANDBOX_ALLOW_NETWORK=1, with the app's message", async () => {
    for (const HOST of ["0.0.0.0", "::", "192.0.2.7"]) {
      await expect(loadEnv({ HOST }, bundle)).rejects.toThrow(`HOST=${HOST} is not a loopback address`);
      await expect(loadEnv({ HOST, SANDBOX_ALLOW_NETWORK: "0" }, bundle)).rejects.toThrow(
        "The portal cannot start: 1 configuration problem(s)",
      );
      expect((await plan({ HOST, SANDBOX_ALLOW_NETWORK: "1" })).addresses).toEqual([HOST]);
    }
    await expect(loadEnv({ PORT: "http" }, bundle)).rejects.toThrow("PORT must be a whole number from 1 to 65535");
  });

  it("says to build first when the bundle is missing", async () => {
    await expect(loadEnv({}, path.join(tmpdir(), "no-such-portal-env.mjs"))).rejects.toThrow("is missing: build first");
  });
});

describe("scripts/serve.mjs: the Host gate (DNS rebinding)", () => {
  const hosts = allowedHosts("http://localhost:3000", true);
  const req = (host: string | undefined, url = "/", method = "GET") => ({ headers: host === undefined ? {} : { host }, url, method });

  it("lets the portal's own names through and nothing else, health checks by address aside", () => {
    expect(hostAccepted(req("localhost:3000"), hosts)).toBe(true);
    expect(hostAccepted(req("127.0.0.1:3000", "/api/auth/csrf"), hosts)).toBe(true);
    expect(hostAccepted(req("rebind.attacker.example:3000", "/api/auth/csrf"), hosts)).toBe(false);
    expect(hostAccepted(req(undefined), hosts)).toBe(false);
    expect(hostAccepted(req("10.0.0.5:3000", "/api/health"), hosts)).toBe(true);
    expect(hostAccepted(req("10.0.0.5:3000", "/api/health", "POST"), hosts)).toBe(false);
    expect(hostAccepted(req("10.0.0.5:3000", "/api/health/../admin"), hosts)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script of the repo, without type declarations
import { allowedHosts, clientAddress, hostAccepted, isWellFormedPath, listenPlan } from "./serve.mjs";

describe("scripts/serve.mjs", () => {
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

  it("listens on loopback in sandbox mode (the default), refuses another HOST unless SANDBOX_ALLOW_NETWORK=1", () => {
    expect(listenPlan({})).toEqual({ addresses: ["127.0.0.1", "::1"] });
    expect(listenPlan({ ISSUER_BASE_URL: "https://issuer.example.com" })).toEqual({ addresses: ["127.0.0.1", "::1"] });
    expect(listenPlan({ HOST: "127.0.0.1" })).toEqual({ addresses: ["127.0.0.1"] });
    for (const HOST of ["0.0.0.0", "::", "192.0.2.7"]) {
      expect(listenPlan({ HOST }).refused).toContain(`HOST=${HOST} is not a loopback address`);
      expect(listenPlan({ HOST, PORTAL_MODE: "sandbox", SANDBOX_ALLOW_NETWORK: "0" }).refused).toBeTruthy();
      expect(listenPlan({ HOST, SANDBOX_ALLOW_NETWORK: "1" })).toEqual({ addresses: [HOST] });
      expect(listenPlan({ HOST, PORTAL_MODE: "live" })).toEqual({ addresses: [HOST] });
    }
    expect(listenPlan({ PORTAL_MODE: "live" })).toEqual({ addresses: ["0.0.0.0"] });
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

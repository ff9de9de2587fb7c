import { describe, expect, it } from "vitest";
import { allowedHosts, allowedOrigins, isAllowedHost } from "@/lib/http/host";
// @ts-expect-error -- a plain .mjs script of the repo, without type declarations
import { allowedHosts as edgeAllowedHosts } from "../../scripts/serve.mjs";

describe("allowed hosts (DNS rebinding)", () => {
  it("sandbox mode: APP_URL's host and the loopback names on its port; nothing else", () => {
    const hosts = allowedHosts("http://localhost:3000", true);
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST:3000"])
      expect(isAllowedHost(host, hosts), host).toBe(true);
    for (const host of ["rebind.attacker.example:3000", "localhost:3001", "localhost", "127.0.0.2:3000", "localhost.:3000", "", null])
      expect(isAllowedHost(host, hosts), String(host)).toBe(false);
  });

  it("live mode: APP_URL's host alone, its default port written or not", () => {
    const hosts = allowedHosts("https://portal.merchant.example", false);
    expect([...hosts].sort()).toEqual(["portal.merchant.example", "portal.merchant.example:443"]);
    expect(isAllowedHost("localhost:443", hosts)).toBe(false);
    expect([...allowedOrigins("https://portal.merchant.example", false)]).toEqual(["https://portal.merchant.example"]);
  });

  it("origins: APP_URL's, and the loopback ones in sandbox mode", () => {
    expect([...allowedOrigins("http://localhost:3000", true)].sort()).toEqual([
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
      "http://localhost:3000",
    ]);
  });

  it("scripts/serve.mjs applies the same rule at its edge", () => {
    for (const [url, sandbox] of [
      ["http://localhost:3000", true],
      ["https://portal.merchant.example", false],
      ["http://127.0.0.1:8080", false],
    ] as const)
      expect([...(edgeAllowedHosts(url, sandbox) as Set<string>)].sort()).toEqual([...allowedHosts(url, sandbox)].sort());
  });
});

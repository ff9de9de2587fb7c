import { describe, expect, it } from "vitest";
import { API_HEADERS, contentSecurityPolicy, securityHeaders } from "@/lib/http/security-headers";

describe("security headers", () => {
  const page = { pathname: "/", nonce: "abc123", https: false, dev: false };

  it("pages: nonce scripts, no eval, inline styles only, no framing", () => {
    const csp = contentSecurityPolicy(page);
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ ...page, dev: true })).toContain("'unsafe-eval'");
  });

  it("the camera only on the document step; HSTS only on https; no-store on applicant pages", () => {
    expect(securityHeaders(page)["permissions-policy"]).toMatch(/^camera=\(\)/);
    expect(securityHeaders({ ...page, pathname: "/apply/app_x/identity-document" })["permissions-policy"]).toMatch(/^camera=\(self\)/);
    expect(securityHeaders({ ...page, pathname: "/apply/app_x/about-you" })["permissions-policy"]).toMatch(/^camera=\(\)/);
    expect(securityHeaders(page)["strict-transport-security"]).toBeUndefined();
    expect(securityHeaders({ ...page, https: true })["strict-transport-security"]).toContain("max-age=");
    expect(securityHeaders({ ...page, https: true })["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(securityHeaders(page)["cache-control"]).toBeUndefined();
    expect(securityHeaders({ ...page, pathname: "/apply/resume/tok" })["cache-control"]).toBe("no-store");
    expect(securityHeaders(page)).toMatchObject({ "referrer-policy": "same-origin", "x-content-type-options": "nosniff" });
  });

  it("blob: workers (the HEIC decoder) only on the application's pages", () => {
    expect(contentSecurityPolicy({ ...page, pathname: "/apply/app_x/about-you" })).toContain("worker-src 'self' blob:");
    expect(contentSecurityPolicy(page)).not.toContain("blob:;");
    expect(contentSecurityPolicy(page)).not.toContain("worker-src");
    expect(contentSecurityPolicy({ ...page, pathname: "/admin" })).not.toContain("worker-src");
  });

  it("JSON answers: nothing to run or frame, never sniffed or cached", () => {
    expect(API_HEADERS).toEqual({
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
      "cache-control": "no-store",
    });
  });
});

import { createHash } from "node:crypto";
import { test as base, expect, type TestInfo } from "@playwright/test";

// The e2e server trusts one proxy hop (TRUST_PROXY_HOPS=1, playwright.config.ts), and every test sends its own
// X-Forwarded-For: each test is its own client for the per-address rate limits, as real applicants are. A spec
// about the limits themselves runs its own server that trusts no proxy (e2e/security-limits.spec.ts).

/** A stable, distinct address in 10.0.0.0/8 for a test (and its retry). */
export function clientAddressFor(key: string): string {
  const [a = 0, b = 0, c = 0] = createHash("sha256").update(key).digest();
  return `10.${a}.${b}.${c}`;
}

export const clientHeaders = (testInfo: TestInfo, suffix = "") => ({
  "x-forwarded-for": clientAddressFor(`${testInfo.testId}:${testInfo.retry}:${suffix}`),
});

export const test = base.extend({
  // `provide` is Playwright's fixture callback (named so that the React hooks lint does not mistake it for `use`).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => provide({ ...extraHTTPHeaders, ...clientHeaders(testInfo) }),
});

export { expect };

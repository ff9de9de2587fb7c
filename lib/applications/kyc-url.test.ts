import { describe, expect, it } from "vitest";
import { isAllowedKycUrl } from "@/lib/applications/kyc-url";

describe("identity-check links", () => {
  const live = { hosts: ["kyc.issuer.example", "verify.example:8443"], httpOnLoopback: false };
  const sandbox = { hosts: ["localhost:3000"], httpOnLoopback: true };

  it.each([
    ["https://kyc.issuer.example/session/abc", live],
    ["https://verify.example:8443/x", live],
    ["http://localhost:3000/sandbox/kyc/tok", sandbox],
  ])("accepts %s", (url, policy) => expect(isAllowedKycUrl(url, policy)).toBe(true));

  it.each([
    ["http://kyc.issuer.example/session/abc", live],
    ["https://kyc.issuer.example.evil.example/x", live],
    ["https://evil.example/kyc.issuer.example", live],
    ["https://user@kyc.issuer.example/x", live],
    ["https://verify.example/x", live],
    ["javascript:alert(1)", live],
    ["not a url", live],
    ["http://localhost:3000/sandbox/kyc/tok", { ...sandbox, httpOnLoopback: false }],
    ["http://10.0.0.5:3000/sandbox/kyc/tok", { hosts: ["10.0.0.5:3000"], httpOnLoopback: true }],
  ])("refuses %s", (url, policy) => expect(isAllowedKycUrl(url, policy)).toBe(false));
});

import { describe, expect, it } from "vitest";
import { redact } from "@/lib/log";

describe("redact", () => {
  it("masks secrets and identity values at any depth, keeps the rest", () => {
    expect(
      redact({
        api_secret: "s",
        nested: { identity: { number: "X1234567", type: "PASSPORT" }, ssn: "123456789", list: [{ password: "p" }] },
        path: "/api/open/v1/auth/token",
        status: 200,
      }),
    ).toEqual({
      api_secret: "[redacted]",
      nested: { identity: { number: "[redacted]", type: "PASSPORT" }, ssn: "[redacted]", list: [{ password: "[redacted]" }] },
      path: "/api/open/v1/auth/token",
      status: 200,
    });
  });
});

import { describe, expect, it } from "vitest";
import { redact } from "@/lib/redact";

describe("redact: the one policy of logs and the upstream request log", () => {
  it("removes credentials, cuts identity numbers, ssn and phone to the last 4, hides birth dates, at any depth", () => {
    expect(
      redact({
        api_key: "k",
        api_secret: "s",
        access_token: "t",
        ssn: "123456789",
        birth_date: "1990-01-01",
        mobile_number: "7700900123",
        identity: { type: "PASSPORT", number: "X1234567" },
        nested: { list: [{ password: "p", card_number: "4111********1234" }] },
        email: "a@b.co",
        path: "/api/open/v1/auth/token",
        status: 200,
      }),
    ).toEqual({
      api_key: "[removed]",
      api_secret: "[removed]",
      access_token: "[removed]",
      ssn: "*****6789",
      birth_date: "[hidden]",
      mobile_number: "******0123",
      identity: { type: "PASSPORT", number: "****4567" },
      nested: { list: [{ password: "[removed]", card_number: "************1234" }] },
      email: "a@b.co",
      path: "/api/open/v1/auth/token",
      status: 200,
    });
  });

  it("keeps ids and counts that only look alike, and stops at a depth limit", () => {
    expect(redact({ request_id: "r1", attempt: 2, numbers: 3 })).toEqual({ request_id: "r1", attempt: 2, numbers: 3 });
    let deep: unknown = "x";
    for (let i = 0; i < 12; i++) deep = { a: deep };
    expect(JSON.stringify(redact(deep))).toContain("[truncated]");
  });
});

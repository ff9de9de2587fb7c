import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhookBody } from "@/lib/sandbox/webhooks/sign";

const BODY = '{"event_id":"evt_1","event_type":"cardholder.created","data":{"name":"Zoë"}}';

describe("signWebhookBody", () => {
  it("matches RFC 4231 test case 2 (HMAC-SHA256, key 'Jefe'), Base64-encoded", () => {
    // Hex 5bdcc146...ec3843 from the RFC, re-encoded as Base64.
    expect(signWebhookBody("what do ya want for nothing?", "Jefe")).toBe("W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM=");
  });

  it("matches a fixed vector computed once with openssl over a non-ASCII body", () => {
    // printf '%s' "$BODY" | openssl dgst -sha256 -hmac sandbox_webhook_secret -binary | base64
    expect(signWebhookBody(BODY, "sandbox_webhook_secret")).toBe("xEZIXSV3L8g/L7FijbgtJdOTvoFSbQKghn1RKiYDbgU=");
  });

  it("signs the UTF-8 bytes: a string and its encoded bytes give the same signature", () => {
    const bytes = new TextEncoder().encode(BODY);
    const expected = createHmac("sha256", "s3cret").update(Buffer.from(bytes)).digest("base64");
    expect(signWebhookBody(bytes, "s3cret")).toBe(expected);
    expect(signWebhookBody(BODY, "s3cret")).toBe(expected);
  });

  it("changes with one byte of the body or with the secret", () => {
    const base = signWebhookBody(BODY, "s3cret");
    expect(signWebhookBody(`${BODY} `, "s3cret")).not.toBe(base);
    expect(signWebhookBody(BODY, "s3cret2")).not.toBe(base);
    expect(Buffer.from(base, "base64")).toHaveLength(32);
  });
});

import { createHmac, timingSafeEqual } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

// Helpers for specs that look at the webhooks the sandbox sent to e2e/support/webhook-sink.mjs.

export type SinkDelivery = {
  received_at: string;
  /** What the sink answered: 200, or the planned failure status (see failNext). */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, byte for byte as signed. */
  body: string;
};

/** Origin of the sink; the sandbox posts to `${sinkUrl()}/hooks`. */
export function sinkUrl(): string {
  const port = process.env.E2E_SINK_PORT ?? "3101";
  return `http://127.0.0.1:${port}`;
}

/** Every delivery the sink received (failed ones included), oldest first. */
export async function getDeliveries(request: APIRequestContext): Promise<SinkDelivery[]> {
  const response = await request.get(`${sinkUrl()}/__deliveries`);
  expect(response.status()).toBe(200);
  return (await response.json()) as SinkDelivery[];
}

export async function clearDeliveries(request: APIRequestContext): Promise<void> {
  const response = await request.delete(`${sinkUrl()}/__deliveries`);
  expect(response.status()).toBe(200);
}

/** The next `n` deliveries (whose body contains every `match` text) are answered with `status` instead of 200. */
export async function failNext(request: APIRequestContext, n: number, status = 503, match: string[] = []): Promise<void> {
  const response = await request.post(`${sinkUrl()}/__control`, { data: { fail_next: n, status, match } });
  expect(response.status()).toBe(200);
}

/** The receiver's check, done independently of the app: Base64 HMAC-SHA256 of the raw body, constant-time. */
export function verifySignature(body: string, header: string | string[] | undefined, secret = "sandbox_webhook_secret"): boolean {
  if (typeof header !== "string") return false;
  const expected = createHmac("sha256", secret).update(body, "utf8").digest();
  const given = Buffer.from(header, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

// Standard Webhooks signatures (docs/events.md, "Signing"): `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under
// a `whsec_<base64>` secret. During a rotation's overlap the old and the new secret both sign, space-separated.

export const SECRET_PREFIX = "whsec_";

/** 24 random bytes (the specification asks for 24 to 64). */
export const newEndpointSecret = (): string => `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;

export type SignedHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

/** The three headers of one attempt; `secrets` newest first, each adding its own `v1,` signature. */
export function signedHeaders(secrets: readonly string[], id: string, at: Date, body: string): SignedHeaders {
  if (secrets.length === 0) throw new Error("an endpoint without a secret cannot be signed for");
  const signature = secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(" ");
  return { "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature };
}

import "server-only";
import { createHmac } from "node:crypto";

/**
 * The spec's x-wk-signature: Base64 of HMAC-SHA256 over the raw body. Sign the exact bytes that are
 * sent (a string is taken as UTF-8), never a re-serialisation of the parsed JSON.
 */
export function signWebhookBody(body: string | Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The spec's signature: Base64 of HMAC-SHA256 of the exact raw body with the webhook secret. */
export function signBody(body: Uint8Array | string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

// Both sides are hashed to 32 bytes first, so the comparison is constant-time whatever the header's length.
const digest = (value: string) => createHash("sha256").update(value).digest();

/** True when the header matches the body's signature under any of the secrets (current, then previous). */
export function signatureMatches(body: Uint8Array, header: string | null, secrets: Array<string | undefined>): boolean {
  if (!header) return false;
  const given = digest(header.trim());
  let ok = false;
  for (const secret of secrets) {
    if (!secret) continue;
    // No early exit: every configured secret is always checked.
    ok = timingSafeEqual(given, digest(signBody(body, secret))) || ok;
  }
  return ok;
}

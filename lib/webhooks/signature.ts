import { createHmac, timingSafeEqual } from "node:crypto";

/** The spec's signature: Base64 of HMAC-SHA256 of the exact raw body with the webhook secret. */
export function signBody(body: Uint8Array | string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

/** True when the header matches the body's signature under any of the secrets (current, then previous). */
export function signatureMatches(body: Uint8Array, header: string | null, secrets: Array<string | undefined>): boolean {
  if (!header) return false;
  const text = header.trim();
  const given = Buffer.from(text, "base64");
  // Only the canonical Base64 of 32 bytes can match. This looks at the header alone, never at a secret, so
  // refusing early reveals nothing; a well-formed header is compared in constant time.
  const wellFormed = given.length === 32 && given.toString("base64") === text;
  let ok = false;
  for (const secret of secrets) {
    if (!secret) continue;
    const expected = createHmac("sha256", secret).update(body).digest();
    // No early exit: every configured secret is always checked.
    ok = (wellFormed && timingSafeEqual(given, expected)) || ok;
  }
  return ok;
}

import { isApplicationId } from "@/lib/applications/application-id";

// The short reference a person reads out to the merchant: the first 40 random bits of the application id in
// Crockford base32 ("K7QF-2M9X"), so nothing is stored and staff search can turn it back into an id prefix.

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Hyphen optional, any case; I and L read as 1, O as 0 (Crockford's rule for what people type). */
const TYPED = /^([0-9A-HJ-NP-TV-Z]{4})-?([0-9A-HJ-NP-TV-Z]{4})$/i;

/** "K7QF-2M9X" for an application id; anything that is not an application id is answered as it is. */
export function referenceOf(id: string): string {
  if (!isApplicationId(id)) return id;
  const random = id.slice("app_".length);
  // Seven base64url characters carry 42 bits; the reference takes the first 40.
  let bits = 0n;
  for (const char of random.slice(0, 7)) bits = (bits << 6n) | BigInt(BASE64URL.indexOf(char));
  bits >>= 2n;
  let text = "";
  for (let i = 7; i >= 0; i--) text += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

/**
 * What a typed reference says about the id: its first six random characters exactly, and the four characters
 * the seventh can be (it carries 4 of the reference's bits). Undefined when the text is not a reference.
 */
export function idPrefixOfReference(typed: string): { prefix: string; seventh: string[] } | undefined {
  const match = TYPED.exec(typed.trim().toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0"));
  if (!match) return undefined;
  let bits = 0n;
  for (const char of `${match[1]}${match[2]}`) bits = (bits << 5n) | BigInt(CROCKFORD.indexOf(char));
  let prefix = "app_";
  for (let i = 0; i < 6; i++) prefix += BASE64URL[Number((bits >> BigInt(34 - i * 6)) & 63n)];
  const high = Number(bits & 15n) << 2;
  return { prefix, seventh: [0, 1, 2, 3].map((low) => BASE64URL[high | low] ?? "") };
}

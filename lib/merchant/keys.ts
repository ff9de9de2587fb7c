import { createHash, randomBytes } from "node:crypto";
import { MERCHANT_SCOPES, type MerchantScope } from "@/lib/db/schema/merchant";

// Merchant API keys (docs/merchant-api.md): `pk_live_` or `pk_test_` then 43 characters of base64url (256 random
// bits). Only the SHA-256 of a key is stored: with that much entropy a fast hash cannot be reversed by guessing.

const KEY_SHAPE = /^pk_(live|test)_[A-Za-z0-9_-]{43}$/;
/** How much of a key is kept in clear to tell keys apart: the prefix and 8 random characters. */
const SHOWN = 16;

export type NewKey = { key: string; prefix: string; hash: string };

export const keyHash = (key: string): string => createHash("sha256").update(key).digest("hex");

/** A fresh key for this portal's mode: the whole key (shown once), its visible prefix and its hash. */
export function newMerchantKey(mode: "live" | "sandbox"): NewKey {
  const key = `pk_${mode === "live" ? "live" : "test"}_${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, SHOWN), hash: keyHash(key) };
}

/** The key of an `Authorization: Bearer <key>` header, or undefined when it is missing or not a key's shape. */
export function bearerKey(authorization: string | null): string | undefined {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? "");
  const key = match?.[1];
  return key && KEY_SHAPE.test(key) ? key : undefined;
}

/** Scopes written as OAuth does (space-separated), each known, each once; undefined for an empty or unknown one. */
export function readScopes(text: string): MerchantScope[] | undefined {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const known = (w: string): w is MerchantScope => (MERCHANT_SCOPES as readonly string[]).includes(w);
  if (!words.every(known)) return undefined;
  return MERCHANT_SCOPES.filter((s) => words.includes(s));
}

import "server-only";
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomFillSync } from "node:crypto";
import type { KeyStore } from "@/lib/crypto/key-store";

// AES-256-GCM for identity data at rest. Format: <version>.<key id>.<iv>.<tag>.<ciphertext>, base64url parts.
// v2: a key derived from DATA_ENCRYPTION_KEY (or the previous one during a rotation) with HKDF, never stored.
// v3: a random data key of one application (or cardholder, or card), stored wrapped by the v2 key and destroyed
// on erasure (lib/crypto/data-keys.ts). v1 (no key id) is what 0.1 wrote, opened by trying every key.

const INFO = "cardholder-portal:data-at-rest:v1";

/** `version` v3: a stored data key (lib/crypto/data-keys.ts); otherwise derived from a configured secret (v2). */
export type DataKey = { id: string; key: Buffer; version?: "v2" | "v3" };
/**
 * The key that seals now, and the older ones that may still open what was sealed before. `store`: where the data
 * keys this ring wraps are kept (the process's ring names it; unset, a table of the database: lib/crypto/data-keys.ts).
 */
export type Keyring = { current: DataKey; older: DataKey[]; store?: KeyStore };

/** A key's id: the start of its SHA-256, so the id says nothing about the key. */
export const keyIdOf = (key: Buffer) => createHash("sha256").update(key).digest("base64url").slice(0, 8);

export function deriveKey(secret: string): DataKey {
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(secret), Buffer.alloc(0), Buffer.from(INFO), 32));
  return { id: keyIdOf(key), key };
}

export function keyringOf(current: string, ...older: Array<string | undefined>): Keyring {
  const mine = deriveKey(current);
  const rest = older.filter((s): s is string => Boolean(s)).map(deriveKey);
  return { current: mine, older: rest.filter((k, i) => k.id !== mine.id && rest.findIndex((o) => o.id === k.id) === i) };
}

// Nonces come from a pool of CSPRNG bytes filled 256 at a time: one call to the generator per seal cost the
// webhook receiver as much as its cipher. Each nonce is still 96 fresh random bits, used once.
const NONCE_BYTES = 12;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

function nextNonce(): Buffer {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  // A copy: the pool is overwritten when it is refilled.
  return Buffer.from(noncePool.subarray(nonceOffset - NONCE_BYTES, nonceOffset));
}

export function seal(plaintext: string, ring: Keyring): string {
  const iv = nextNonce();
  const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    ring.current.version ?? "v2",
    ring.current.id,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

function openWith(key: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** Throws when the text was not sealed with a key of the ring or was altered. */
export function open(sealed: string, ring: Keyring): string {
  const parts = sealed.split(".");
  const keys = [ring.current, ...ring.older];
  if ((parts[0] === "v2" || parts[0] === "v3") && parts.length === 5) {
    const [, id, iv = "", tag = "", body = ""] = parts;
    const key = keys.find((k) => k.id === id);
    if (!key) throw new Error("sealed with a key that is not configured");
    return openWith(key.key, iv, tag, body);
  }
  if (parts[0] === "v1" && parts.length === 4) {
    const [, iv = "", tag = "", body = ""] = parts;
    for (const key of keys) {
      try {
        return openWith(key.key, iv, tag, body);
      } catch {
        // not this key; try the next
      }
    }
  }
  throw new Error("not a sealed value, or no configured key opens it");
}

/** The version and key id a value was sealed with (`v3.<id>.`, `v2.<id>.`, or `v1.` without one). */
export const sealedPrefix = (key: DataKey) => `${key.version ?? "v2"}.${key.id}.`;

/** True when the value is sealed with the ring's current key (nothing to re-seal). */
export const isCurrent = (sealed: string, ring: Keyring) => sealed.startsWith(sealedPrefix(ring.current));

/** The id of the data key a v3 value was sealed with (undefined for any other text). */
export const dataKeyIdOf = (sealed: string | null | undefined) => (sealed?.startsWith("v3.") ? sealed.slice(3, 11) : undefined);

/** A v3 value whose data key the ring lacks: the key was destroyed (an erasure), so nothing will ever open it. */
export const keyDestroyed = (sealed: string, ring: Keyring) => {
  const id = dataKeyIdOf(sealed);
  return id !== undefined && ![ring.current, ...ring.older].some((k) => k.id === id);
};

const SEALED = /^(v[23]\.[A-Za-z0-9_-]{8}\.|v1\.)[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/;

/** Whether a stored text is sealed (0.1 kept some columns in clear; those are sealed in the background). */
export const isSealed = (text: string) => SEALED.test(text);

/** A column that may still hold 0.1's clear text: opened when sealed, answered as is otherwise. */
export const openLegacy = (text: string, ring: Keyring) => (isSealed(text) ? open(text, ring) : text);

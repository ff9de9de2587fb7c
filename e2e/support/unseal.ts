import { createDecipheriv, createHash, hkdfSync } from "node:crypto";

// Opens values sealed by the portal, written from the format rather than imported, so that a data-at-rest spec
// reads a dump as an attacker holding the configured keys would: <version>.<key id>.<iv>.<tag>.<body>, AES-256-GCM,
// base64url; v2 under a key derived (HKDF) from DATA_ENCRYPTION_KEY, v3 under a random data key that is itself
// stored sealed (v2) as its base64url text; v1 (no key id) under any configured key.

const INFO = "cardholder-portal:data-at-rest:v1";
const ANY_SEALED = /(?:v[23]\.[A-Za-z0-9_-]{8}\.|v1\.)[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*/g;

type Key = { id: string; key: Buffer };
const keyOf = (key: Buffer): Key => ({ id: createHash("sha256").update(key).digest("base64url").slice(0, 8), key });
const derived = (secret: string) => keyOf(Buffer.from(hkdfSync("sha256", Buffer.from(secret), Buffer.alloc(0), Buffer.from(INFO), 32)));

function decrypt(key: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

function tryOpen(sealed: string, keys: Key[]): string | undefined {
  const parts = sealed.split(".");
  const candidates = parts[0] === "v1" ? keys : keys.filter((k) => k.id === parts[1]);
  const [iv = "", tag = "", body = ""] = parts[0] === "v1" ? parts.slice(1) : parts.slice(2);
  for (const { key } of candidates) {
    try {
      return decrypt(key, iv, tag, body);
    } catch {
      // not this key
    }
  }
  return undefined;
}

/** `opened`: each sealed value found and what it holds; `unopened`: those no key opened. */
export type Attack = { opened: Array<{ sealed: string; text: string }>; unopened: string[] };

/**
 * Every sealed value found anywhere in `files` (every format), opened with the configured secrets and with every
 * data key they unwrap, found anywhere too (a key file, a table, a WAL): repeated until no new key turns up.
 */
export function openAsAttacker(files: Buffer[], secrets: string[]): Attack {
  const found = new Set(files.flatMap((bytes) => [...bytes.toString("latin1").matchAll(ANY_SEALED)].map(([s]) => s)));
  const keys = secrets.map(derived);
  const opened = new Map<string, string>();
  for (let more = true; more;) {
    more = false;
    for (const sealed of found) {
      if (opened.has(sealed)) continue;
      const text = tryOpen(sealed, keys);
      if (text === undefined) continue;
      opened.set(sealed, text);
      // Maybe a wrapped data key (32 random bytes as base64url; a resume token looks the same): tried on everything.
      if (/^[A-Za-z0-9_-]{43}$/.test(text) && !keys.some((k) => k.key.equals(Buffer.from(text, "base64url")))) {
        keys.push(keyOf(Buffer.from(text, "base64url")));
        more = true;
      }
    }
  }
  return { opened: [...opened].map(([sealed, text]) => ({ sealed, text })), unopened: [...found].filter((s) => !opened.has(s)) };
}

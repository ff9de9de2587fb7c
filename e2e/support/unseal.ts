import { createDecipheriv, createHash, hkdfSync } from "node:crypto";

// Opens values sealed by the portal (v2.<key id>.<iv>.<tag>.<body>, AES-256-GCM, HKDF of DATA_ENCRYPTION_KEY),
// written from the format rather than imported, so that a data-at-rest spec reads a dump as an attacker
// holding the key would, and every sealed value found in it can be searched too.

const INFO = "cardholder-portal:data-at-rest:v1";
const SEALED = /v2\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*/g;

export function unsealAll(text: string, secret: string): string[] {
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(secret), Buffer.alloc(0), Buffer.from(INFO), 32));
  const id = createHash("sha256").update(key).digest("base64url").slice(0, 8);
  return [...text.matchAll(SEALED)].map(([sealed]) => {
    const [, keyId, iv = "", tag = "", body = ""] = sealed.split(".");
    if (keyId !== id) throw new Error(`a value sealed with another key (${keyId})`);
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  });
}

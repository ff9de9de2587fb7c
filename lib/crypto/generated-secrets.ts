import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { keyFileAt } from "@/lib/crypto/key-file";
import { tableKeyStore } from "@/lib/crypto/key-table";
import { keyringOf, type Keyring } from "@/lib/crypto/secret-box";

// Sandbox mode generates the secrets it needs once and keeps them in DATA_DIR/secrets (0700, files 0600),
// outside the database folder (DATA_DIR/pglite): a copy of the database alone opens nothing.

const cache = new Map<string, string>();

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The secret `name` from DATA_DIR/secrets, created on first use; concurrent starts agree on one value. */
export function generatedSecret(name: string, dataDir = getEnv().dataDir, bytes = 48): string {
  const dir = path.join(dataDir, "secrets");
  const file = path.join(dir, name);
  const known = cache.get(file) ?? readIfPresent(file);
  if (known) return (cache.set(file, known), known);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  try {
    // "wx": if another start wrote it first, read theirs instead of overwriting.
    writeFileSync(file, randomBytes(bytes).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch {
    // already there
  }
  const value = readIfPresent(file);
  if (!value) throw new Error(`the generated secret ${name} could not be read`);
  cache.set(file, value);
  return value;
}

/** NEXTAUTH_SECRET, or in sandbox mode a generated one (0.1 kept it in DATA_DIR/nextauth-secret: still honoured). */
export function getAuthSecret(): string {
  const env = getEnv();
  return env.nextAuthSecret ?? readIfPresent(path.join(env.dataDir, "nextauth-secret")) ?? generatedSecret("nextauth-secret");
}

let ring: Keyring | undefined;

/**
 * The keys that seal identity data at rest: DATA_ENCRYPTION_KEY (sandbox: generated), then the previous key
 * during a rotation, then the secret 0.1 derived its key from, so data written before keeps opening. The
 * per-application data keys they wrap live in DATA_DIR/keys beside PGlite, in the database on PostgreSQL.
 */
export function getKeyring(): Keyring {
  if (ring) return ring;
  const env = getEnv();
  const current = env.dataEncryptionKey ?? generatedSecret("data-encryption-key");
  const legacy = env.nextAuthSecret ?? readIfPresent(path.join(env.dataDir, "nextauth-secret"));
  const store = env.databaseUrl ? tableKeyStore : keyFileAt(path.join(env.dataDir, "keys"));
  ring = { ...keyringOf(current, env.dataEncryptionKeyPrevious, legacy), store };
  return ring;
}

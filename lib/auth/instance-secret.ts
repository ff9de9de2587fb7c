import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getEnv } from "@/lib/env";

let cached: string | undefined;

/**
 * NEXTAUTH_SECRET, or in sandbox mode a secret generated once and kept in DATA_DIR (mode 0600).
 * Several instances sharing a Postgres database must set NEXTAUTH_SECRET so that they agree.
 */
export function getInstanceSecret(): string {
  if (cached) return cached;
  const env = getEnv();
  if (env.nextAuthSecret) return (cached = env.nextAuthSecret);
  const file = path.join(env.dataDir, "nextauth-secret");
  try {
    cached = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(env.dataDir, { recursive: true });
    try {
      // "wx": if another start wrote it first, read theirs instead of overwriting.
      writeFileSync(file, randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch {
      // already there
    }
    cached = readFileSync(file, "utf8").trim();
  }
  return cached;
}

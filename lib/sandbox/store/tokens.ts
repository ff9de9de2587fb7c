import "server-only";
import { createHash } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { sandboxTokens } from "@/lib/sandbox/schema";

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export async function insertToken(db: Database, token: string, expiresAt: Date): Promise<void> {
  await db.insert(sandboxTokens).values({ tokenHash: hash(token), expiresAt });
}

export async function isTokenValid(db: Database, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ h: sandboxTokens.tokenHash })
    .from(sandboxTokens)
    .where(and(eq(sandboxTokens.tokenHash, hash(token)), gt(sandboxTokens.expiresAt, now)));
  return Boolean(row);
}

export async function deleteExpiredTokens(db: Database, now: Date): Promise<void> {
  await db.delete(sandboxTokens).where(lt(sandboxTokens.expiresAt, now));
}

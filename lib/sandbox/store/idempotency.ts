import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { sandboxIdempotency } from "@/lib/sandbox/schema";

export type IdempotencyClaim =
  { kind: "new" } | { kind: "replay"; status: number; body: unknown } | { kind: "in-progress" } | { kind: "mismatch" };

/** Claims a request id for a write, or tells how an earlier call with the same id ended. */
export async function claimRequestId(db: Database, requestId: string, route: string, bodyHash: string): Promise<IdempotencyClaim> {
  const inserted = await db
    .insert(sandboxIdempotency)
    .values({ requestId, route, bodyHash })
    .onConflictDoNothing({ target: sandboxIdempotency.requestId })
    .returning({ id: sandboxIdempotency.requestId });
  if (inserted.length > 0) return { kind: "new" };
  const [row] = await db.select().from(sandboxIdempotency).where(eq(sandboxIdempotency.requestId, requestId));
  if (!row || row.route !== route || row.bodyHash !== bodyHash) return { kind: "mismatch" };
  if (row.httpStatus === null) return { kind: "in-progress" };
  return { kind: "replay", status: row.httpStatus, body: row.response };
}

export async function storeResponse(db: Database, requestId: string, status: number, body: unknown): Promise<void> {
  await db.update(sandboxIdempotency).set({ httpStatus: status, response: body }).where(eq(sandboxIdempotency.requestId, requestId));
}

/** Forgets a claim whose call failed unexpectedly, so that a retry runs again. */
export async function releaseRequestId(db: Database, requestId: string): Promise<void> {
  await db.delete(sandboxIdempotency).where(eq(sandboxIdempotency.requestId, requestId));
}

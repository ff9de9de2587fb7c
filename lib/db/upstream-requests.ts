import "server-only";
import { asc, desc, eq, type SQL } from "drizzle-orm";
import { upstreamRequests, type UpstreamRequest } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

export async function insertUpstreamRequest(db: Database, row: UpstreamRequest): Promise<void> {
  await db.insert(upstreamRequests).values(row);
}

export async function listUpstreamRequestsById(db: Database, requestId: string) {
  return db.select().from(upstreamRequests).where(eq(upstreamRequests.requestId, requestId)).orderBy(upstreamRequests.id);
}

/**
 * The one read of calls without their bodies (the staff case timeline, a person's export): oldest first (by time,
 * then id) or newest first (by id), at most `limit` when given.
 */
export async function listUpstreamCallSummaries(db: Database, where: SQL | undefined, order: "oldest" | "newest", limit?: number) {
  const query = db
    .select({
      id: upstreamRequests.id,
      method: upstreamRequests.method,
      path: upstreamRequests.path,
      requestId: upstreamRequests.requestId,
      attempt: upstreamRequests.attempt,
      httpStatus: upstreamRequests.httpStatus,
      errorCode: upstreamRequests.errorCode,
      durationMs: upstreamRequests.durationMs,
      createdAt: upstreamRequests.createdAt,
    })
    .from(upstreamRequests)
    .where(where)
    .orderBy(...(order === "oldest" ? [asc(upstreamRequests.createdAt), asc(upstreamRequests.id)] : [desc(upstreamRequests.id)]))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

export type UpstreamCallSummary = Awaited<ReturnType<typeof listUpstreamCallSummaries>>[number];

export async function listRecentUpstreamRequests(db: Database, limit = 100) {
  return db.select().from(upstreamRequests).orderBy(desc(upstreamRequests.id)).limit(limit);
}

/** The newest issuer call made for an application (what a staff action reports when the issuer did not answer). */
export async function latestUpstreamCallOf(db: Database, applicationId: string): Promise<UpstreamCallSummary | undefined> {
  const [row] = await listUpstreamCallSummaries(db, eq(upstreamRequests.applicationId, applicationId), "newest", 1);
  return row;
}

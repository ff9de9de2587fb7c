import "server-only";
import { desc, eq } from "drizzle-orm";
import { upstreamRequests, type UpstreamRequest } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

export async function insertUpstreamRequest(db: Database, row: UpstreamRequest): Promise<void> {
  await db.insert(upstreamRequests).values(row);
}

export async function listUpstreamRequestsById(db: Database, requestId: string) {
  return db.select().from(upstreamRequests).where(eq(upstreamRequests.requestId, requestId)).orderBy(upstreamRequests.id);
}

export async function listRecentUpstreamRequests(db: Database, limit = 100) {
  return db.select().from(upstreamRequests).orderBy(desc(upstreamRequests.id)).limit(limit);
}

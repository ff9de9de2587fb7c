import "server-only";
import { lt, sql } from "drizzle-orm";
import { rateLimitHits } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

/** Counts one hit in the bucket's window and answers the count so far (one atomic upsert: instances agree). */
export async function countHit(db: Database, bucket: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimitHits.bucket, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
    .returning({ hits: rateLimitHits.hits });
  return row?.hits ?? 1;
}

/** Forgets windows that ended before `before` (run from the background loop). */
export async function deleteRateLimitWindows(db: Database, before: Date): Promise<number> {
  const rows = await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before)).returning({ bucket: rateLimitHits.bucket });
  return rows.length;
}

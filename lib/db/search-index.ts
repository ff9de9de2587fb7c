import "server-only";
import { eq, isNull, not, or, sql } from "drizzle-orm";
import { applications } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

/** Applications whose search index was not made with the current key (0.1's, or before a rotation). */
export async function applicationsToIndex(db: Database, marker: string, limit: number) {
  return db
    .select({ id: applications.id, draftCiphertext: applications.draftCiphertext })
    .from(applications)
    .where(or(isNull(applications.nameIndex), not(sql`${applications.nameIndex} @> ARRAY[${marker}]::text[]`)))
    .limit(limit);
}

export async function setSearchColumns(
  db: Database,
  id: string,
  columns: { nameIndex: string[]; emailIndex: string | null },
): Promise<void> {
  await db.update(applications).set(columns).where(eq(applications.id, id));
}

import "server-only";
import { and, eq, isNull, not, or, sql } from "drizzle-orm";
import { applications } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

/** Applications whose search index was not made with the current key and version (0.1's, before a rotation); never an erased one. */
export async function applicationsToIndex(db: Database, marker: string, limit: number) {
  return db
    .select({ id: applications.id, draftCiphertext: applications.draftCiphertext })
    .from(applications)
    .where(
      and(
        isNull(applications.erasedAt),
        or(isNull(applications.nameIndex), not(sql`${applications.nameIndex} @> ARRAY[${marker}]::text[]`)),
      ),
    )
    .limit(limit);
}

export async function setSearchColumns(
  db: Database,
  id: string,
  columns: { nameIndex: string[]; emailIndex: string | null; identityIndex: string | null; phoneIndex: string | null },
): Promise<void> {
  await db
    .update(applications)
    .set(columns)
    .where(and(eq(applications.id, id), isNull(applications.erasedAt)));
}

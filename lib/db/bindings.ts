import "server-only";
import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { applicationBindings, type ApplicationBinding } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

/** Why an erasure ended a binding: that browser is then told the data was erased, not "not found". */
export const ERASED_BINDING_REASON = "the applicant's data was erased";

type NewBinding = { applicationId: string; tokenHash: string; origin: ApplicationBinding["origin"]; now: Date; issuedBy?: string | null };

export async function insertBinding(db: Database, b: NewBinding): Promise<ApplicationBinding> {
  const [row] = await db
    .insert(applicationBindings)
    .values({
      applicationId: b.applicationId,
      tokenHash: b.tokenHash,
      origin: b.origin,
      issuedBy: b.issuedBy ?? null,
      createdAt: b.now,
      lastSeenAt: b.now,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/**
 * The binding of this token to this application used since `idleBefore`: a live one, or with `"erased"` one that an
 * erasure of the application ended (that browser is told so).
 */
export async function findBinding(
  db: Database,
  applicationId: string,
  tokenHash: string,
  idleBefore: Date,
  ended?: "erased",
): Promise<ApplicationBinding | undefined> {
  const [row] = await db
    .select()
    .from(applicationBindings)
    .where(
      and(
        eq(applicationBindings.tokenHash, tokenHash),
        eq(applicationBindings.applicationId, applicationId),
        ended ? eq(applicationBindings.revokedReason, ERASED_BINDING_REASON) : isNull(applicationBindings.revokedAt),
        gt(applicationBindings.lastSeenAt, idleBefore),
      ),
    );
  return row;
}

/** Records use, at most once a minute per binding (a write per request would be waste). */
export async function touchBinding(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(applicationBindings)
    .set({ lastSeenAt: now })
    .where(and(eq(applicationBindings.id, id), lt(applicationBindings.lastSeenAt, new Date(now.getTime() - 60_000))));
}

/** Ends every binding of an application (but `keep`): those browsers get a plain "not found" from now on. */
export async function revokeBindings(db: Database, applicationId: string, reason: string, now: Date, keep?: string): Promise<number> {
  const rows = await db
    .update(applicationBindings)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(applicationBindings.applicationId, applicationId),
        isNull(applicationBindings.revokedAt),
        keep ? ne(applicationBindings.id, keep) : undefined,
      ),
    )
    .returning({ id: applicationBindings.id });
  return rows.length;
}

export async function listBindings(db: Database, applicationId: string): Promise<ApplicationBinding[]> {
  return db.select().from(applicationBindings).where(eq(applicationBindings.applicationId, applicationId));
}

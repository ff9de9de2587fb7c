import "server-only";
import { and, desc, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { applicationBindings, type ApplicationBinding } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

/** Why an erasure ended a binding: that browser is then told the data was erased, not "not found". */
export const ERASED_BINDING_REASON = "the applicant's data was erased";
/** Why a resume link used in another browser ended a binding: that browser is told where the application went. */
export const RESUMED_ELSEWHERE_REASON = "a resume link was used in another browser";

type NewBinding = {
  applicationId: string;
  tokenHash: string;
  origin: ApplicationBinding["origin"];
  now: Date;
  issuedBy?: string | null;
  device?: ApplicationBinding["device"];
};

export async function insertBinding(db: Database, b: NewBinding): Promise<ApplicationBinding> {
  const [row] = await db
    .insert(applicationBindings)
    .values({
      applicationId: b.applicationId,
      tokenHash: b.tokenHash,
      origin: b.origin,
      issuedBy: b.issuedBy ?? null,
      device: b.device ?? null,
      createdAt: b.now,
      lastSeenAt: b.now,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

const ENDED_REASONS = { erased: ERASED_BINDING_REASON, resumed: RESUMED_ELSEWHERE_REASON } as const;

/**
 * The binding of this token to this application used since `idleBefore`: a live one, or with `ended` one that an
 * erasure of the application ended, or a resume link used in another browser (that browser is told so).
 */
export async function findBinding(
  db: Database,
  applicationId: string,
  tokenHash: string,
  idleBefore: Date,
  ended?: keyof typeof ENDED_REASONS,
): Promise<ApplicationBinding | undefined> {
  const [row] = await db
    .select()
    .from(applicationBindings)
    .where(
      and(
        eq(applicationBindings.tokenHash, tokenHash),
        eq(applicationBindings.applicationId, applicationId),
        ended ? eq(applicationBindings.revokedReason, ENDED_REASONS[ended]) : isNull(applicationBindings.revokedAt),
        gt(applicationBindings.lastSeenAt, idleBefore),
      ),
    );
  return row;
}

/** The newest live binding of an application used since `idleBefore`: the browser that holds it now. */
export async function findLiveBinding(db: Database, applicationId: string, idleBefore: Date): Promise<ApplicationBinding | undefined> {
  const [row] = await db
    .select()
    .from(applicationBindings)
    .where(
      and(
        eq(applicationBindings.applicationId, applicationId),
        isNull(applicationBindings.revokedAt),
        gt(applicationBindings.lastSeenAt, idleBefore),
      ),
    )
    .orderBy(desc(applicationBindings.createdAt))
    .limit(1);
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

import "server-only";
import { and, asc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { applicationEvents, applications, staffUsers, type AttentionReason } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { attentionSql, reasonsSql } from "@/lib/db/work-queue";

// The "needs attention" pile of one application: whether it is in it, and staff setting it aside (resolved or
// snoozed) until something new happens. The rule itself is attentionSql (lib/db/work-queue.ts).

export type AttentionStatus = {
  /** A reason applies (failed, rejected, waiting, retrying, poisoned webhook), set aside or not. */
  reason: boolean;
  /** It still needs a person: a reason applies and it is not set aside. */
  needed: boolean;
  resolvedAt: Date | null;
  resolvedReason: AttentionReason | null;
  snoozedUntil: Date | null;
};

export async function findAttentionStatus(db: Database, id: string, now: Date): Promise<AttentionStatus | undefined> {
  const [row] = await db
    .select({
      reason: sql<boolean>`${reasonsSql(now)}`.mapWith(Boolean),
      needed: sql<boolean>`${attentionSql(now)}`.mapWith(Boolean),
      resolvedAt: applications.attentionResolvedAt,
      resolvedReason: applications.attentionReason,
      snoozedUntil: applications.attentionSnoozedUntil,
    })
    .from(applications)
    .where(eq(applications.id, id));
  return row;
}

/**
 * Sets the application aside: the newest timeline event now is the mark a newer one is compared with. Under the
 * row lock (the caller's transaction), so an event written meanwhile is either before the mark or after it.
 */
export async function setAttentionAside(
  tx: Database,
  id: string,
  r: { reason: AttentionReason; snoozedUntil: Date | null; now: Date },
): Promise<void> {
  const [newest] = await tx
    .select({ id: max(applicationEvents.id) })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, id));
  await tx
    .update(applications)
    .set({
      attentionResolvedAt: r.now,
      attentionReason: r.reason,
      attentionEventId: Number(newest?.id ?? 0),
      attentionSnoozedUntil: r.snoozedUntil,
    })
    .where(and(eq(applications.id, id), isNull(applications.erasedAt)));
}

/** The colleagues an application can be given to: enabled accounts whose role may work on it. */
export async function listAssignableStaff(db: Database) {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(and(isNull(staffUsers.disabledAt), inArray(staffUsers.role, ["admin", "agent"])))
    .orderBy(asc(staffUsers.name), asc(staffUsers.email));
}

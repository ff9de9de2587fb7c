import "server-only";
import { and, asc, count, eq } from "drizzle-orm";
import { staffSavedViews, staffUsers, type StaffSavedView } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// A staff member's named queue views (lib/admin/queue/saved-views.ts): each person reads and changes only their own.

/** One person's views, oldest first (the order they were saved in). */
export async function listSavedViews(db: Database, staffId: string): Promise<StaffSavedView[]> {
  return db.select().from(staffSavedViews).where(eq(staffSavedViews.staffId, staffId)).orderBy(asc(staffSavedViews.createdAt));
}

export type SaveOutcome = { saved: StaffSavedView } | { refused: "full" | "taken" };

/** Saves a view unless the person has `max` already or one of that name; one transaction, so two tabs cannot pass 20. */
export async function insertSavedView(
  db: Database,
  row: { staffId: string; name: string; query: string; createdAt: Date },
  max: number,
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    // The person's account row is the lock: two tabs saving at once are counted one after the other.
    await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.id, row.staffId)).for("update");
    const mine = await tx.select({ name: staffSavedViews.name }).from(staffSavedViews).where(eq(staffSavedViews.staffId, row.staffId));
    if (mine.some((v) => v.name.toLowerCase() === row.name.toLowerCase())) return { refused: "taken" as const };
    if (mine.length >= max) return { refused: "full" as const };
    const [saved] = await tx.insert(staffSavedViews).values(row).onConflictDoNothing().returning();
    return saved ? { saved } : { refused: "taken" as const };
  });
}

/** Deletes one of the person's own views; false when it is not theirs or not there. */
export async function deleteSavedView(db: Database, staffId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(staffSavedViews)
    .where(and(eq(staffSavedViews.id, id), eq(staffSavedViews.staffId, staffId)))
    .returning({ id: staffSavedViews.id });
  return rows.length > 0;
}

/** How many views a person has (tests). */
export async function countSavedViews(db: Database, staffId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffSavedViews).where(eq(staffSavedViews.staffId, staffId));
  return row?.n ?? 0;
}

import "server-only";
import { and, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import { staffAuditLog, type StaffAuditEntry } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

export type NewAuditEntry = typeof staffAuditLog.$inferInsert;

export async function insertAuditEntry(db: Database, entry: NewAuditEntry): Promise<void> {
  await db.insert(staffAuditLog).values(entry);
}

export type AuditFilter = { staffId?: string; action?: string; applicationId?: string; from?: Date; to?: Date; beforeId?: number };

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.staffId ? eq(staffAuditLog.staffId, f.staffId) : undefined,
    f.action ? eq(staffAuditLog.action, f.action) : undefined,
    f.applicationId ? eq(staffAuditLog.applicationId, f.applicationId) : undefined,
    f.from ? gte(staffAuditLog.at, f.from) : undefined,
    f.to ? lte(staffAuditLog.at, f.to) : undefined,
    f.beforeId ? lt(staffAuditLog.id, f.beforeId) : undefined,
  );
}

/** Newest first, a page at a time (keyset on the id: `beforeId` is the last id of the previous page). */
export async function listAuditEntries(db: Database, filter: AuditFilter, limit: number): Promise<StaffAuditEntry[]> {
  return db.select().from(staffAuditLog).where(where(filter)).orderBy(desc(staffAuditLog.id)).limit(limit);
}

import "server-only";
import { count, eq } from "drizzle-orm";
import { staffUsers, type NewStaffUser, type StaffUser } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Named query functions of the staff accounts (each table has its module in lib/db).

export async function countStaffUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return row?.n ?? 0;
}

export async function findStaffUserByEmail(db: Database, email: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email.toLowerCase())).limit(1);
  return row;
}

/** Inserts unless the email exists already; returns whether a row was created. */
export async function insertStaffUser(db: Database, user: NewStaffUser): Promise<boolean> {
  const rows = await db
    .insert(staffUsers)
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

import "server-only";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { sandboxKycLinks, type SandboxKycLink } from "@/lib/sandbox/schema";

type ReviewStatus = SandboxKycLink["reviewStatus"];

/** Issues a new link; the cardholder's earlier links stop working. */
export async function replaceKycLink(db: Database, link: typeof sandboxKycLinks.$inferInsert): Promise<void> {
  await db
    .update(sandboxKycLinks)
    .set({ reviewStatus: "expired" })
    .where(and(eq(sandboxKycLinks.cardholderId, link.cardholderId), inArray(sandboxKycLinks.reviewStatus, ["init", "pending"])));
  await db.insert(sandboxKycLinks).values(link);
}

export async function findKycLink(db: Database, token: string): Promise<SandboxKycLink | undefined> {
  const [row] = await db.select().from(sandboxKycLinks).where(eq(sandboxKycLinks.token, token));
  return row;
}

/** The link still usable by the cardholder (not expired, not replaced, not decided), if any. */
export async function findOpenKycLink(db: Database, cardholderId: string, now: Date): Promise<SandboxKycLink | undefined> {
  const [row] = await db
    .select()
    .from(sandboxKycLinks)
    .where(
      and(
        eq(sandboxKycLinks.cardholderId, cardholderId),
        inArray(sandboxKycLinks.reviewStatus, ["init", "pending"]),
        gt(sandboxKycLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(sandboxKycLinks.createdAt))
    .limit(1);
  return row;
}

export async function setKycLinkReview(db: Database, token: string, reviewStatus: ReviewStatus): Promise<void> {
  await db.update(sandboxKycLinks).set({ reviewStatus }).where(eq(sandboxKycLinks.token, token));
}

/** Marks every open link of a cardholder with the final decision. */
export async function closeKycLinks(db: Database, cardholderId: string, reviewStatus: "approved" | "rejected"): Promise<void> {
  await db
    .update(sandboxKycLinks)
    .set({ reviewStatus })
    .where(and(eq(sandboxKycLinks.cardholderId, cardholderId), inArray(sandboxKycLinks.reviewStatus, ["init", "pending"])));
}

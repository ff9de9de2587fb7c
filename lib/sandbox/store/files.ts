import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { sandboxFiles, type SandboxFile } from "@/lib/sandbox/schema";

export type NewSandboxFile = typeof sandboxFiles.$inferInsert;

export async function insertFile(db: Database, row: NewSandboxFile): Promise<void> {
  await db.insert(sandboxFiles).values(row);
}

/** The file with its content, or undefined. */
export async function findFile(db: Database, id: string): Promise<SandboxFile | undefined> {
  const [row] = await db.select().from(sandboxFiles).where(eq(sandboxFiles.id, id));
  return row;
}

/** The given ids that name no stored file, once each and in the order given (for *_file_id fields). */
export async function findMissingFileIds(db: Database, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  // Only the ids are selected: the check must not pull megabytes of content.
  const rows = await db.select({ id: sandboxFiles.id }).from(sandboxFiles).where(inArray(sandboxFiles.id, wanted));
  const found = new Set(rows.map((r) => r.id));
  return wanted.filter((id) => !found.has(id));
}

import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { sandboxSettings } from "@/lib/sandbox/schema";

export async function readSetting(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select({ value: sandboxSettings.value }).from(sandboxSettings).where(eq(sandboxSettings.key, key));
  return row?.value;
}

export async function writeSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(sandboxSettings)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: sandboxSettings.key, set: { value, updatedAt: new Date() } });
}

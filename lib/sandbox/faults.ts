import "server-only";
import { z } from "zod";
import type { Database } from "@/lib/db/types";
import { readSetting, writeSetting } from "@/lib/sandbox/store/settings";

export const faultsSchema = z
  .object({
    error_rate: z.number().min(0).max(1).optional(),
    drop_rate: z.number().min(0).max(1).optional(),
    latency_ms: z.number().int().min(0).max(60_000).optional(),
  })
  .strict();

export type Faults = { error_rate: number; drop_rate: number; latency_ms: number };
const NONE: Faults = { error_rate: 0, drop_rate: 0, latency_ms: 0 };

/** The faults in force; kept in the database so that every instance (and a restart) sees the same. */
export async function getFaults(db: Database): Promise<Faults> {
  const parsed = faultsSchema.safeParse(await readSetting(db, "faults"));
  return parsed.success ? { ...NONE, ...parsed.data } : NONE;
}

/** `{}` turns every fault off; a partial object leaves the unnamed ones at 0. */
export async function setFaults(db: Database, input: z.infer<typeof faultsSchema>): Promise<Faults> {
  const faults = { ...NONE, ...input };
  await writeSetting(db, "faults", faults);
  return faults;
}

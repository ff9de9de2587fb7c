import { openDatabase, type OpenOptions } from "@/lib/db/open";
import type { DbHandle } from "@/lib/db/types";
import { migrateSandbox } from "@/lib/sandbox/migrations";

/** A database with the portal's and the sandbox's tables, as sandbox mode has it (in memory by default). */
export async function openSandboxDatabase(options: OpenOptions = { kind: "pglite", dataDir: undefined }): Promise<DbHandle> {
  const handle = await openDatabase(options);
  await migrateSandbox(handle);
  return handle;
}

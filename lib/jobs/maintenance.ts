import "server-only";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { reindexBatch } from "@/lib/applications/reindex";
import { resealBatch } from "@/lib/crypto/reseal";
import { getDatabase } from "@/lib/db";
import { tightenModes } from "@/lib/db/folder-modes";
import { deleteRateLimitWindows } from "@/lib/db/rate-limits";
import { foldTallyChanges } from "@/lib/db/tallies";
import { getEnv } from "@/lib/env";
import { startLoop } from "@/lib/jobs/background-loop";
import { log } from "@/lib/log";
import { applyRetention } from "@/lib/privacy/retention";
import { sealLegacyTransactions } from "@/lib/webhooks/transaction-details";

const LOOP = "maintenance";
const INTERVAL_MS = 60_000;
const BATCH = 200;
/** Rate-limit windows are at most an hour long; a day of them is plenty to look back on. */
const KEEP_WINDOWS_MS = 24 * 3_600_000;

/**
 * Housekeeping of one process (safe on several): close the modes of new PGlite files, seal what is in clear or
 * under an old key (or not yet under its owner's data key), re-index, drop old counters, apply the retention rules
 * (one instance at a time: they hold an advisory lock), fold the dashboard's tally changes.
 */
async function tick() {
  const { db, kind } = await getDatabase();
  const keys = getKeyring();
  // Files PGlite created since the last tick (a WAL segment) come out 0644 or 0666.
  if (kind === "pglite") tightenModes(getEnv().dataDir);
  // First: the dashboard's counts must not wait on a retention run that fails.
  await foldTallyChanges(db);
  const retention = await applyRetention(db, getEnv().retention, new Date(), { keys });
  const removed = Object.values(retention)
    .filter((v) => typeof v === "number")
    .reduce((sum, n) => sum + n, 0);
  if (removed > 0) log.info("privacy.retention_applied", retention);
  // Re-seal first: the search index is rebuilt from answers that then open with the current key.
  const changed =
    (await resealBatch(db, keys, BATCH)) + (await sealLegacyTransactions(keys, db, BATCH)) + (await reindexBatch(db, keys, BATCH));
  await deleteRateLimitWindows(db, new Date(Date.now() - KEEP_WINDOWS_MS));
  return { more: changed >= BATCH || retention.more };
}

export const startMaintenance = (): void => startLoop(LOOP, INTERVAL_MS, tick);

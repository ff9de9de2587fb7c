// `npm run data:purge [-- --dry-run]`: applies the retention rules once (docs/privacy.md) and prints what it
// removed, or with --dry-run what it would remove. With the embedded database, stop the portal first.
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { applyRetention, describeReport } from "@/lib/privacy/retention";

async function main() {
  const dryRun = process.argv.includes("--dry-run");
  const env = getEnv();
  const handle = await getDatabase();
  const { draftDays, logDays, applicationDays } = env.retention;
  console.log(`[purge] drafts after ${draftDays} day(s), logs after ${logDays}, answers of finished applications after ${applicationDays}`);
  // A real run goes on batch after batch until nothing is due; a dry run counts the first batch.
  for (let more = true; more;) {
    const report = await applyRetention(handle.db, env.retention, new Date(), { dryRun, keys: getKeyring() });
    for (const line of describeReport(report, dryRun)) console.log(`[purge] ${line}`);
    more = report.more && !dryRun;
  }
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(`[purge] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

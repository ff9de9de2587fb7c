// `npm run db:go-live [-- --discard-applications]`: makes a database created in sandbox mode fit for live mode
// (lib/mode/go-live.ts), with the live configuration the portal will start with. Stop every instance first.
import { openDatabase } from "@/lib/db/open";
import { EnvError, getEnv } from "@/lib/env";
import { goLive } from "@/lib/mode/go-live";

function stop(message: string): never {
  console.error(`[go-live] ${message}`);
  process.exit(1);
}

async function main() {
  process.umask(0o077);
  const env = getEnv();
  if (env.mode !== "live") stop("It prepares a database for live mode: run it with PORTAL_MODE=live and the live configuration.");
  const password = env.admin?.password;
  if (!env.admin || !password) stop("It creates the first live admin: set ADMIN_EMAIL and ADMIN_PASSWORD.");
  const handle = await openDatabase(
    env.databaseUrl ? { kind: "postgres", url: env.databaseUrl } : { kind: "pglite", dataDir: env.dataDir },
  );
  try {
    const discardApplications = process.argv.includes("--discard-applications");
    const result = await goLive(handle.db, { email: env.admin.email, password }, { discardApplications });
    if (result.outcome === "already-live") return console.log("[go-live] This database is in live mode already: nothing changed.");
    if (result.outcome === "needs-discard") {
      process.exitCode = 1;
      return console.error(
        `[go-live] This database holds ${result.applications} application(s) made against the sandbox: their cardholders do not exist at the ` +
          "real issuer and their answers are sealed with the sandbox's key. Nothing changed. Run `npm run db:go-live -- " +
          "--discard-applications` to delete them with the rest of the sandbox's data, or start live mode on a new database.",
      );
    }
    console.log(
      [
        "[go-live] The database is now in live mode:",
        `  - ${result.disabledAccounts} staff account(s) made in sandbox mode disabled`,
        `  - first live admin: ${result.admin} (sign in with ADMIN_PASSWORD)`,
        `  - ${result.applications} application(s), the sandbox's ${result.droppedTables.length} table(s) and its test data removed`,
        "Start the portal with PORTAL_MODE=live.",
      ].join("\n"),
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) stop(`${error.message}\n\nSee .env.example and the configuration table of docs/configuration.md.`);
  stop(error instanceof Error ? error.message : String(error));
});

import "server-only";
import { demoAdminPasswordPath, firstAdmin, signsIn, type FirstAdmin } from "@/lib/auth/first-admin";
import { ensureFirstStaffUser } from "@/lib/auth/first-staff-user";
import { getDatabase } from "@/lib/db";
import { isDatabaseModeError } from "@/lib/db/database-mode";
import { EnvError, getEnv, isLoopbackHost, type Env } from "@/lib/env";
import { servedByEdge } from "@/lib/http/edge";
import { log } from "@/lib/log";
import { migrateSandbox } from "@/lib/sandbox/migrations";
import { startSandboxWorker } from "@/lib/sandbox/worker";
import { startWebhookProcessor } from "@/lib/webhooks/worker";
import { startMaintenance } from "@/lib/jobs/maintenance";
import { startAdminDigest } from "@/lib/jobs/admin-digest";
import { startReconciliation } from "@/lib/reconciliation/schedule";
import { startMailCatcher } from "@/lib/sandbox/mail/catcher";
import { startMailSender } from "@/lib/mail/worker";
import { startReminders } from "@/lib/jobs/reminders";
import { startEventDelivery } from "@/lib/jobs/event-delivery";
import { sendThroughCatcher } from "@/lib/mail/transport";

/**
 * Start-up of one server process: validate the configuration (stop with every problem named),
 * open and migrate the database, create the first staff account, print where to go.
 */
export async function startPortal(): Promise<void> {
  // Files this process creates (the embedded database, its WAL, generated secrets) are readable by it alone.
  process.umask(0o077);
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`\n${error.message}\n\nSee .env.example and the configuration table of docs/configuration.md.\n`);
      process.exit(1);
    }
    throw error;
  }

  try {
    const handle = await getDatabase();
    const { db, kind } = handle;
    const admin = firstAdmin(env);
    const staff = await ensureFirstStaffUser(db, admin);
    const login = admin && { ...admin, works: staff === "created" || (await signsIn(db, admin)) };
    // The embedded issuer's tables, clock and webhook outbox: only in sandbox mode.
    if (env.mode === "sandbox") {
      await migrateSandbox(handle);
      startSandboxWorker();
      if (!env.mail.smtpUrl && !env.mail.disabled) await startCatcherOnce(handle.db);
    }
    if (!env.mail.disabled) {
      startMailSender();
      startReminders();
    }
    startWebhookProcessor();
    startEventDelivery();
    startMaintenance();
    startAdminDigest();
    startReconciliation();
    printBanner(env, kind, staff, login);
  } catch (error) {
    if (isDatabaseModeError(error)) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    // Keep serving: /api/health answers 503 naming the database until it can be reached.
    log.error("startup.database_unavailable", { reason: error instanceof Error ? error.message : String(error) });
    printBanner(env, env.databaseUrl ? "postgres" : "pglite", "unknown", undefined);
  }
}

const catcher = globalThis as typeof globalThis & { __portalMailCatcher?: Promise<string> };

/** Sandbox mode without SMTP_URL: the embedded catcher on loopback; every email shows at /sandbox/mail. */
async function startCatcherOnce(db: Awaited<ReturnType<typeof getDatabase>>["db"]) {
  catcher.__portalMailCatcher ??= startMailCatcher(db).then((c) => c.url);
  sendThroughCatcher(await catcher.__portalMailCatcher);
}

function printBanner(env: Env, db: string, staff: string, login: (FirstAdmin & { works: boolean }) | undefined) {
  const lines = [
    "",
    `  Card portal ready at ${env.appUrl}  (${env.mode} mode, ${db} database)`,
    `  Health check:        ${env.appUrl}/api/health`,
    `  Staff area:          ${env.appUrl}/admin`,
  ];
  if (env.mode === "sandbox" && !env.mail.smtpUrl && !env.mail.disabled) lines.push(`  Emails sent:         ${env.appUrl}/sandbox/mail`);
  if (env.mail.disabled) lines.push("  Email:               off (MAIL_DISABLED=1): links are copied by hand");
  lines.push(...loginLines(env, login));
  if (staff === "not-configured") lines.push("  No staff account exists: set ADMIN_EMAIL and ADMIN_PASSWORD and restart.");
  if (env.mode === "sandbox" && !isLoopbackHost(env.host)) lines.push(...OPEN_SANDBOX_WARNING(env.host));
  // next start / next dev: nobody set x-portal-client-ip, so every client counts as one address (lib/http/client-ip.ts).
  if (!servedByEdge()) lines.push("  Not served by scripts/serve.mjs: client addresses are unknown, per-address limits are shared by all.");
  console.log(`${lines.join("\n")}\n`);
}

/** The generated demo password is printed while it signs in; an operator's own ADMIN_PASSWORD never is. */
function loginLines(env: Env, login: (FirstAdmin & { works: boolean }) | undefined): string[] {
  if (!login) return [];
  const label = env.mode === "sandbox" ? "  Demo staff login:    " : "  Staff login:         ";
  if (!login.generated) {
    const note = login.works ? "" : " (ADMIN_PASSWORD does not sign in: it sets the first account's password once, when there is none)";
    return [`${label}${login.email}${note}`];
  }
  const file = demoAdminPasswordPath(env.dataDir);
  if (!login.works)
    return [
      `${label}${login.email} (its password is not the one generated into ${file}: set by another instance or an earlier version, or changed since)`,
    ];
  return [`${label}${login.email} / ${login.password}`, `                       (generated at first start, kept in ${file})`];
}

/** Said loudly: in sandbox mode anyone who can reach the port can act as the issuer and read every applicant. */
const OPEN_SANDBOX_WARNING = (host: string) => [
  "",
  "  !!! WARNING: sandbox mode is listening on " + host + ", not on loopback only.",
  "  !!! The embedded sandbox, its test helpers and its public default credentials (sandbox_key / sandbox_secret,",
  "  !!! the webhook secret, the demo staff login) are open to the network: anyone who reaches this port can list",
  "  !!! every applicant, download their documents and forge webhooks. Unset HOST and SANDBOX_ALLOW_NETWORK, or use live mode.",
];

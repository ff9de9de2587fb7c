import path from "node:path";
import { LIVE_REQUIRED, modeDefault, rawEnvSchema, type RawEnv } from "@/lib/env-schema";

// The pure parser of the environment, without "server-only": scripts/serve.mjs runs a bundle of this file
// (scripts/env-bundle.mjs) so that PORT, HOST, the mode and the proxy hops are read by the same code as the app's.
// Meanings and defaults live in lib/env-schema.ts; this file maps the entries to named fields.

export type Mode = "sandbox" | "live";

export type Env = {
  mode: Mode;
  port: number;
  /** Where `npm start` listens; "localhost" means both loopbacks (scripts/serve.mjs). */
  host: string;
  trustProxyHops: number;
  appUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  issuer: { baseUrl: string; apiKey: string; apiSecret: string };
  webhook: { secret: string; previousSecret: string | undefined; maxAgeHours: number; retryBaseMs: number };
  retention: { draftDays: number; logDays: number; applicationDays: number };
  reconcileIntervalMs: number;
  privacyContact: string | undefined;
  merchantAppUrl: string | undefined;
  kycLinks: { hosts: string[]; httpOnLoopback: boolean };
  nextAuthSecret: string | undefined;
  dataEncryptionKey: string | undefined;
  dataEncryptionKeyPrevious: string | undefined;
  admin: { email: string; password: string | undefined } | undefined;
  /** ADMIN_BALANCE_WARNING, in the balance currency's major unit (the issuer's available_amount), not cents. */
  balanceWarningMajorUnits: number | undefined;
  /** ADMIN_ATTENTION_HOURS: in the "needs attention" pile and in its state longer than this, an item is overdue. */
  attentionHours: number;
  mail: {
    /** Unset in sandbox mode: the embedded catcher's address is given at start (lib/mail/transport.ts). */
    smtpUrl: string | undefined;
    from: string;
    /** MAIL_DISABLED=1 (or live mode would have refused to start without SMTP_URL). */
    disabled: boolean;
    kycReminderHours: number;
    digestHour: number | undefined;
  };
  support: { url: string | undefined; email: string | undefined };
  oidc: { issuer: string; clientId: string; clientSecret: string; allowedDomains: string[] | undefined } | undefined;
  sandbox: { approvalDelayMs: number; webhookUrl: string; productsFile: string | undefined };
  test: { databaseUrl: string | undefined };
};

export type EnvResult = { ok: true; env: Env } | { ok: false; mode: Mode; problems: string[] };

export function formatProblems(mode: Mode, problems: string[]): string {
  const why = mode === "live" ? " (live mode: PORTAL_MODE=live)" : " (sandbox mode)";
  return `The portal cannot start: ${problems.length} configuration problem(s)${why}:\n${problems.map((p) => `  - ${p}`).join("\n")}`;
}

/** Pure: validates a raw environment and derives mode and defaults. Reports every problem at once. */
export function parseEnv(source: RawEnv, cwd: string = process.cwd()): EnvResult {
  const parsed = rawEnvSchema.safeParse(source);
  // Chosen on purpose, never inferred: `npm start` is sandbox unless PORTAL_MODE says live (the image says live).
  const chosen = source.PORTAL_MODE?.trim();
  const mode: Mode = chosen === "live" ? "live" : "sandbox";
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")} ${issue.message}`);
  }
  if (!chosen || chosen === "sandbox") problems.push(...sandboxProblems(source));
  if (mode === "live") problems.push(...liveProblems(source));
  const oidcSet = [source.ADMIN_OIDC_ISSUER, source.ADMIN_OIDC_CLIENT_ID, source.ADMIN_OIDC_CLIENT_SECRET].filter((v) => v?.trim()).length;
  if (oidcSet > 0 && oidcSet < 3)
    problems.push("ADMIN_OIDC_ISSUER, ADMIN_OIDC_CLIENT_ID and ADMIN_OIDC_CLIENT_SECRET must be set together");
  if (!parsed.success || problems.length > 0) return { ok: false, mode, problems };

  const raw = parsed.data;
  const live = mode === "live";
  const appUrl = raw.APP_URL ?? `http://localhost:${raw.PORT}`;
  const byMode = (name: Parameters<typeof modeDefault>[0]): string => modeDefault(name, mode) ?? "";
  const adminEmail = raw.ADMIN_EMAIL ?? modeDefault("ADMIN_EMAIL", mode);

  return {
    ok: true,
    env: {
      mode,
      port: raw.PORT,
      host: raw.HOST ?? byMode("HOST"),
      trustProxyHops: raw.TRUST_PROXY_HOPS,
      appUrl,
      databaseUrl: raw.DATABASE_URL,
      dataDir: path.resolve(cwd, raw.DATA_DIR),
      issuer: {
        baseUrl: raw.ISSUER_BASE_URL ?? `${appUrl}/sandbox`,
        apiKey: raw.ISSUER_API_KEY ?? byMode("ISSUER_API_KEY"),
        apiSecret: raw.ISSUER_API_SECRET ?? byMode("ISSUER_API_SECRET"),
      },
      webhook: {
        secret: raw.ISSUER_WEBHOOK_SECRET ?? byMode("ISSUER_WEBHOOK_SECRET"),
        previousSecret: raw.ISSUER_WEBHOOK_SECRET_PREVIOUS,
        maxAgeHours: raw.WEBHOOK_MAX_AGE_HOURS,
        retryBaseMs: raw.WEBHOOK_RETRY_BASE_MS,
      },
      retention: {
        draftDays: raw.DRAFT_RETENTION_DAYS,
        logDays: raw.LOG_RETENTION_DAYS,
        applicationDays: raw.APPLICATION_RETENTION_DAYS,
      },
      reconcileIntervalMs: raw.RECONCILE_INTERVAL_MS,
      privacyContact: raw.PRIVACY_CONTACT,
      merchantAppUrl: raw.MERCHANT_APP_URL,
      kycLinks: {
        hosts: raw.ISSUER_KYC_HOSTS ?? [new URL(raw.ISSUER_BASE_URL ?? appUrl).host.toLowerCase()],
        // Plain http only where the issuer itself is reached over loopback http: the sandbox, or a local test issuer.
        httpOnLoopback: !live || (raw.ISSUER_BASE_URL ?? "").startsWith("http://"),
      },
      nextAuthSecret: raw.NEXTAUTH_SECRET,
      dataEncryptionKey: raw.DATA_ENCRYPTION_KEY,
      dataEncryptionKeyPrevious: raw.DATA_ENCRYPTION_KEY_PREVIOUS,
      admin: adminEmail && (raw.ADMIN_PASSWORD || !live) ? { email: adminEmail, password: raw.ADMIN_PASSWORD } : undefined,
      balanceWarningMajorUnits: raw.ADMIN_BALANCE_WARNING,
      attentionHours: raw.ADMIN_ATTENTION_HOURS,
      mail: {
        smtpUrl: raw.SMTP_URL,
        from: raw.MAIL_FROM ?? byMode("MAIL_FROM"),
        disabled: raw.MAIL_DISABLED === "1",
        kycReminderHours: raw.KYC_REMINDER_HOURS,
        digestHour: raw.ADMIN_DIGEST_HOUR,
      },
      support: { url: raw.SUPPORT_URL, email: raw.SUPPORT_EMAIL },
      oidc:
        raw.ADMIN_OIDC_ISSUER && raw.ADMIN_OIDC_CLIENT_ID && raw.ADMIN_OIDC_CLIENT_SECRET
          ? {
              issuer: raw.ADMIN_OIDC_ISSUER,
              clientId: raw.ADMIN_OIDC_CLIENT_ID,
              clientSecret: raw.ADMIN_OIDC_CLIENT_SECRET,
              allowedDomains: raw.ADMIN_OIDC_ALLOWED_DOMAINS,
            }
          : undefined,
      sandbox: {
        approvalDelayMs: raw.SANDBOX_APPROVAL_DELAY_MS,
        webhookUrl: raw.SANDBOX_WEBHOOK_URL ?? `${appUrl}/api/webhooks/issuer`,
        productsFile: raw.SANDBOX_PRODUCTS_FILE ? path.resolve(cwd, raw.SANDBOX_PRODUCTS_FILE) : undefined,
      },
      test: { databaseUrl: raw.TEST_DATABASE_URL },
    },
  };
}

/** Loopback names and addresses: where sandbox mode may listen without SANDBOX_ALLOW_NETWORK=1. */
export function isLoopbackHost(host: string): boolean {
  return ["localhost", "::1", "[::1]"].includes(host.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function liveProblems(source: RawEnv): string[] {
  const problems: string[] = [];
  for (const name of LIVE_REQUIRED) {
    if (!source[name]?.trim()) problems.push(`${name} is required in live mode`);
  }
  const secret = source.NEXTAUTH_SECRET?.trim();
  if (secret && secret.length < 32) problems.push("NEXTAUTH_SECRET must be at least 32 characters");
  const dataKey = source.DATA_ENCRYPTION_KEY?.trim();
  if (dataKey && dataKey.length < 32) problems.push("DATA_ENCRYPTION_KEY must be at least 32 characters");
  if (dataKey && secret && dataKey === secret) problems.push("DATA_ENCRYPTION_KEY must differ from NEXTAUTH_SECRET");
  if (source.MAIL_DISABLED?.trim() !== "1") {
    for (const name of ["SMTP_URL", "MAIL_FROM"] as const)
      if (!source[name]?.trim()) problems.push(`${name} is required in live mode (or set MAIL_DISABLED=1 to send no email on purpose)`);
  }
  const password = source.ADMIN_PASSWORD?.trim();
  if (password && password.length < 12) problems.push("ADMIN_PASSWORD must be at least 12 characters in live mode");
  if (Boolean(source.ADMIN_EMAIL?.trim()) !== Boolean(password)) problems.push("ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  return problems;
}

function sandboxProblems(source: RawEnv): string[] {
  const problems: string[] = [];
  if (source.ISSUER_BASE_URL?.trim()) {
    problems.push(
      "ISSUER_BASE_URL is set, but the mode is sandbox (PORTAL_MODE unset or sandbox): set PORTAL_MODE=live to use that issuer, or unset ISSUER_BASE_URL to use the embedded sandbox",
    );
  }
  const host = source.HOST?.trim();
  if (host && !isLoopbackHost(host) && source.SANDBOX_ALLOW_NETWORK?.trim() !== "1") {
    problems.push(
      `HOST=${host} is not a loopback address: sandbox mode listens on loopback only, since its embedded issuer, test helpers and public credentials would be open to the network. Unset HOST (or use 127.0.0.1), set PORTAL_MODE=live, or set SANDBOX_ALLOW_NETWORK=1 to open it anyway`,
    );
  }
  return problems;
}

import "server-only";
import path from "node:path";
import { LIVE_REQUIRED, rawEnvSchema, SANDBOX_DEFAULTS, type RawEnv } from "@/lib/env-schema";

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
  /** Days after which data is purged or reduced (lib/privacy/retention.ts); 0 purges what qualifies at once. */
  retention: { draftDays: number; logDays: number; applicationDays: number };
  /** How often the background loop reconciles the applications with the issuer (lib/reconciliation). */
  reconcileIntervalMs: number;
  /** Where applicants ask for export or erasure: an email address or a URL (the privacy page). */
  privacyContact: string | undefined;
  /** The card issued page's next step: the merchant's app or website (MERCHANT_APP_URL). */
  merchantAppUrl: string | undefined;
  /** Where identity-check links may lead: these hosts, https only (http on loopback in sandbox mode). */
  kycLinks: { hosts: string[]; httpOnLoopback: boolean };
  /** Unset in sandbox mode: one is generated in DATA_DIR/secrets (lib/crypto/generated-secrets.ts). */
  nextAuthSecret: string | undefined;
  /** Unset in sandbox mode: generated like the auth secret. Seals identity data at rest. */
  dataEncryptionKey: string | undefined;
  dataEncryptionKeyPrevious: string | undefined;
  /** The first staff account; in sandbox mode a password left undefined is generated (lib/auth/first-admin.ts). */
  admin: { email: string; password: string | undefined } | undefined;
  /** The dashboard warns when an issuing balance is below this amount (ADMIN_BALANCE_WARNING). */
  balanceWarning: number | undefined;
  /** Staff sign-in through the merchant's OpenID Connect provider, when all three variables are set. */
  oidc: { issuer: string; clientId: string; clientSecret: string; allowedDomains: string[] | undefined } | undefined;
  sandbox: { approvalDelayMs: number; webhookUrl: string; productsFile: string | undefined };
  test: { databaseUrl: string | undefined };
};

export type EnvResult = { ok: true; env: Env } | { ok: false; mode: Mode; problems: string[] };

export class EnvError extends Error {
  constructor(
    readonly mode: Mode,
    readonly problems: string[],
  ) {
    super(formatProblems(mode, problems));
    this.name = "EnvError";
  }
}

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
  const raw = parsed.success ? parsed.data : undefined;

  if (!chosen || chosen === "sandbox") problems.push(...sandboxProblems(source));
  if (mode === "live") {
    for (const name of LIVE_REQUIRED) {
      if (!source[name]?.trim()) problems.push(`${name} is required in live mode`);
    }
    const secret = source.NEXTAUTH_SECRET?.trim();
    if (secret && secret.length < 32) problems.push("NEXTAUTH_SECRET must be at least 32 characters");
    const dataKey = source.DATA_ENCRYPTION_KEY?.trim();
    if (dataKey && dataKey.length < 32) problems.push("DATA_ENCRYPTION_KEY must be at least 32 characters");
    if (dataKey && secret && dataKey === secret) problems.push("DATA_ENCRYPTION_KEY must differ from NEXTAUTH_SECRET");
    const password = source.ADMIN_PASSWORD?.trim();
    if (password && password.length < 12) problems.push("ADMIN_PASSWORD must be at least 12 characters in live mode");
    if (Boolean(source.ADMIN_EMAIL?.trim()) !== Boolean(password)) {
      problems.push("ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
    }
  }
  const oidcSet = [source.ADMIN_OIDC_ISSUER, source.ADMIN_OIDC_CLIENT_ID, source.ADMIN_OIDC_CLIENT_SECRET].filter((v) => v?.trim()).length;
  if (oidcSet > 0 && oidcSet < 3)
    problems.push("ADMIN_OIDC_ISSUER, ADMIN_OIDC_CLIENT_ID and ADMIN_OIDC_CLIENT_SECRET must be set together");
  if (!raw || problems.length > 0) return { ok: false, mode, problems };

  const port = raw.PORT ?? 3000;
  const appUrl = raw.APP_URL ?? `http://localhost:${port}`;
  const live = mode === "live";
  const pick = (name: keyof typeof SANDBOX_DEFAULTS): string => raw[name] ?? (live ? "" : SANDBOX_DEFAULTS[name]);
  const adminEmail = raw.ADMIN_EMAIL ?? (live ? undefined : SANDBOX_DEFAULTS.ADMIN_EMAIL);

  return {
    ok: true,
    env: {
      mode,
      port,
      host: raw.HOST ?? (live ? "0.0.0.0" : "localhost"),
      trustProxyHops: raw.TRUST_PROXY_HOPS ?? 0,
      appUrl,
      databaseUrl: raw.DATABASE_URL,
      dataDir: path.resolve(cwd, raw.DATA_DIR ?? ".data"),
      issuer: {
        baseUrl: raw.ISSUER_BASE_URL ?? `${appUrl}/sandbox`,
        apiKey: pick("ISSUER_API_KEY"),
        apiSecret: pick("ISSUER_API_SECRET"),
      },
      webhook: {
        secret: pick("ISSUER_WEBHOOK_SECRET"),
        previousSecret: raw.ISSUER_WEBHOOK_SECRET_PREVIOUS,
        maxAgeHours: raw.WEBHOOK_MAX_AGE_HOURS ?? 72,
        retryBaseMs: raw.WEBHOOK_RETRY_BASE_MS ?? 1000,
      },
      retention: {
        draftDays: raw.DRAFT_RETENTION_DAYS ?? 30,
        logDays: raw.LOG_RETENTION_DAYS ?? 90,
        applicationDays: raw.APPLICATION_RETENTION_DAYS ?? 365,
      },
      reconcileIntervalMs: raw.RECONCILE_INTERVAL_MS ?? 3_600_000,
      privacyContact: raw.PRIVACY_CONTACT,
      merchantAppUrl: raw.MERCHANT_APP_URL,
      kycLinks: {
        hosts: raw.ISSUER_KYC_HOSTS?.split(",").map((h) => h.trim().toLowerCase()) ?? [
          new URL(raw.ISSUER_BASE_URL ?? appUrl).host.toLowerCase(),
        ],
        // Plain http only where the issuer itself is reached over loopback http: the sandbox, or a local test issuer.
        httpOnLoopback: !live || (raw.ISSUER_BASE_URL ?? "").startsWith("http://"),
      },
      nextAuthSecret: raw.NEXTAUTH_SECRET,
      dataEncryptionKey: raw.DATA_ENCRYPTION_KEY,
      dataEncryptionKeyPrevious: raw.DATA_ENCRYPTION_KEY_PREVIOUS,
      admin: adminEmail && (raw.ADMIN_PASSWORD || !live) ? { email: adminEmail, password: raw.ADMIN_PASSWORD } : undefined,
      balanceWarning: raw.ADMIN_BALANCE_WARNING,
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
        approvalDelayMs: raw.SANDBOX_APPROVAL_DELAY_MS ?? 1500,
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

let cached: Env | undefined;

/** The validated environment of this process; throws an EnvError naming every problem. */
export function getEnv(): Env {
  if (cached) return cached;
  const result = parseEnv(process.env as RawEnv);
  if (!result.ok) throw new EnvError(result.mode, result.problems);
  cached = result.env;
  // next-auth reads its public URL from the environment itself: it is derived here, the one place that writes it.
  process.env.NEXTAUTH_URL ??= cached.appUrl;
  return cached;
}

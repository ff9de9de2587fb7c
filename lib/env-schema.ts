import { z } from "zod";

/**
 * Every environment variable the portal reads, with its default and meaning.
 * The configuration table of docs/configuration.md is checked against this list (lib/env-docs.test.ts).
 */
export const ENV_VARS = [
  {
    name: "PORTAL_MODE",
    default: "`sandbox` (`npm start`); the Docker image and `compose.yaml`: `live`",
    meaning:
      "`sandbox`: the embedded issuer and generated secrets; `live`: the real issuer, whose variables are then required. A database keeps the mode it was created in: the other mode refuses it",
  },
  { name: "PORT", default: "3000", meaning: "HTTP port" },
  {
    name: "HOST",
    default: "sandbox mode: `127.0.0.1` and `::1`; live mode: `0.0.0.0`",
    meaning: "interface to listen on (`npm start`); sandbox mode refuses a non-loopback `HOST` unless `SANDBOX_ALLOW_NETWORK=1`",
  },
  {
    name: "SANDBOX_ALLOW_NETWORK",
    default: "unset",
    meaning:
      "`1`: sandbox mode may listen on a non-loopback `HOST`, with a loud warning (its embedded issuer, test helpers and public credentials are then open to the network)",
  },
  {
    name: "TRUST_PROXY_HOPS",
    default: "0",
    meaning: "how many reverse proxies in front of the portal append to `X-Forwarded-For`; 0 takes the client address from the socket",
  },
  { name: "APP_URL", default: "`http://localhost:$PORT`", meaning: "public origin of the portal (links, KYC return, webhook URL)" },
  { name: "DATABASE_URL", default: "unset: PGlite in `DATA_DIR`", meaning: "`postgres://...` to use a Postgres server" },
  {
    name: "DATA_DIR",
    default: "`.data`",
    meaning:
      "where the embedded database (`DATA_DIR/pglite`), its data keys (`DATA_DIR/keys`: back it up with the database) and the generated sandbox secrets (`DATA_DIR/secrets`) live; folders 0700, files 0600",
  },
  {
    name: "ISSUER_BASE_URL",
    default: "sandbox mode: `$APP_URL/sandbox`",
    meaning: "upstream Open API base URL; required in live mode, refused in sandbox mode (set `PORTAL_MODE=live`)",
  },
  { name: "ISSUER_API_KEY", default: "sandbox: `sandbox_key`", meaning: "upstream API key; required in live mode" },
  { name: "ISSUER_API_SECRET", default: "sandbox: `sandbox_secret`", meaning: "upstream API secret; required in live mode" },
  {
    name: "ISSUER_WEBHOOK_SECRET",
    default: "sandbox: `sandbox_webhook_secret`",
    meaning: "secret of `x-wk-signature`; required in live mode (the sandbox signs with it too)",
  },
  {
    name: "ISSUER_KYC_HOSTS",
    default: "the host of `ISSUER_BASE_URL` (sandbox: the portal's own)",
    meaning: "comma-separated hosts an identity-check link may point at; https only (plain http on loopback in sandbox mode)",
  },
  {
    name: "WEBHOOK_MAX_AGE_HOURS",
    default: "72",
    meaning: "signed events dated older than this (or over 5 minutes in the future) are parked unapplied",
  },
  {
    name: "WEBHOOK_RETRY_BASE_MS",
    default: "1000",
    meaning: "first wait before a stored event that failed to apply is tried again (doubling, at most 5 minutes; poisoned after 8 tries)",
  },
  { name: "ISSUER_WEBHOOK_SECRET_PREVIOUS", default: "unset", meaning: "a previous webhook secret still accepted during rotation" },
  {
    name: "DRAFT_RETENTION_DAYS",
    default: "30",
    meaning: "abandoned drafts (no saved step or upload) are purged after this many days, with their document references (0: at once)",
  },
  {
    name: "LOG_RETENTION_DAYS",
    default: "90",
    meaning:
      "upstream request logs, webhook bodies and card transaction details (merchant, description) are reduced to ids, types, amounts, times and outcomes after this; staff sign-in attempts are deleted after it, never before 30 days (the sign-in throttle reads them)",
  },
  {
    name: "APPLICATION_RETENTION_DAYS",
    default: "365",
    meaning: "finished applications drop their answers, documents and notes after this, keeping ids, states, times and card ids",
  },
  {
    name: "RECONCILE_INTERVAL_MS",
    default: "3600000",
    meaning: "how often the portal reconciles its applications with the issuer (one instance at a time, at most once per interval)",
  },
  {
    name: "PRIVACY_CONTACT",
    default: "unset",
    meaning: "email address or https URL where applicants ask for export or erasure (privacy page)",
  },
  {
    name: "MERCHANT_APP_URL",
    default: "unset: the card issued page names no link",
    meaning: "where the card issued page sends the cardholder next (the merchant's app or website); an absolute http(s) URL",
  },
  {
    name: "NEXTAUTH_SECRET",
    default: "sandbox: generated once in `DATA_DIR/secrets`",
    meaning: "next-auth secret, at least 32 characters; required in live mode",
  },
  {
    name: "DATA_ENCRYPTION_KEY",
    default: "sandbox: generated once in `DATA_DIR/secrets`",
    meaning:
      "key that seals identity data at rest (it wraps each application's own data key), at least 32 characters; required in live mode",
  },
  {
    name: "DATA_ENCRYPTION_KEY_PREVIOUS",
    default: "unset",
    meaning: "an older key still accepted for reading while data is re-sealed with the new one",
  },
  {
    name: "ADMIN_OIDC_ISSUER",
    default: "unset: credentials only",
    meaning: "staff sign-in through the merchant's OpenID Connect provider: its issuer URL (with the two below)",
  },
  { name: "ADMIN_OIDC_CLIENT_ID", default: "unset", meaning: "the portal's client id at that provider" },
  { name: "ADMIN_OIDC_CLIENT_SECRET", default: "unset", meaning: "the portal's client secret at that provider" },
  {
    name: "ADMIN_OIDC_ALLOWED_DOMAINS",
    default: "unset: any domain",
    meaning: "comma-separated email domains (exact, e.g. `example.com`) whose company accounts may sign in; others are refused",
  },
  { name: "ADMIN_EMAIL", default: "sandbox: `admin@example.com`", meaning: "first staff account, created when no staff account exists" },
  {
    name: "ADMIN_PASSWORD",
    default: "sandbox: generated at first start into `DATA_DIR/secrets/demo-admin-password` and printed by `npm start`",
    meaning: "password of that account; at least 12 characters in live mode",
  },
  {
    name: "ADMIN_BALANCE_WARNING",
    default: "unset",
    meaning: "issuing balance under which the dashboard warns (a whole amount, in the balance's currency)",
  },
  { name: "SANDBOX_APPROVAL_DELAY_MS", default: "1500", meaning: "sandbox: time from KYC VERIFIED to cardholder status SUCCESS" },
  { name: "SANDBOX_WEBHOOK_URL", default: "`$APP_URL/api/webhooks/issuer`", meaning: "sandbox: where its webhooks go" },
  {
    name: "SANDBOX_PRODUCTS_FILE",
    default: "unset: the built-in catalog",
    meaning: "sandbox: a JSON file that replaces the product catalog",
  },
  { name: "CHROMIUM_PATH", default: "unset: `/usr/bin/chromium`, else Playwright's own", meaning: "tests only: the browser for e2e" },
  {
    name: "TEST_DATABASE_URL",
    default: "unset: Postgres tests skipped with a printed reason",
    meaning: "tests only: a Postgres database the integration tests may use",
  },
  {
    name: "RELIABILITY_DATABASE_URL",
    default: "unset: `TEST_DATABASE_URL`",
    meaning: "tests only: a Postgres server on which `npm run test:reliability` creates, and drops, a database of its own",
  },
] as const;

export type EnvVarName = (typeof ENV_VARS)[number]["name"];
export type RawEnv = Partial<Record<EnvVarName | "NODE_ENV", string>>;

/** Variables that must be set, non-empty, in live mode (PORTAL_MODE=live). */
export const LIVE_REQUIRED = [
  "ISSUER_BASE_URL",
  "ISSUER_API_KEY",
  "ISSUER_API_SECRET",
  "ISSUER_WEBHOOK_SECRET",
  "NEXTAUTH_SECRET",
  "DATA_ENCRYPTION_KEY",
] as const satisfies readonly EnvVarName[];

export const SANDBOX_DEFAULTS = {
  ISSUER_API_KEY: "sandbox_key",
  ISSUER_API_SECRET: "sandbox_secret",
  ISSUER_WEBHOOK_SECRET: "sandbox_webhook_secret",
  ADMIN_EMAIL: "admin@example.com",
} as const;

// Blank strings count as unset: `FOO=` in an env file must not silently become a value.
const optionalText = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().optional());

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function httpUrl(requireHttpsOffLoopback: boolean) {
  return optionalText.pipe(
    z
      .string()
      .refine(isHttpUrl, { message: "must be an absolute http:// or https:// URL", abort: true })
      .refine(
        (v) => !requireHttpsOffLoopback || v.startsWith("https://") || loopbackHosts.has(new URL(v).hostname),
        "must use https:// (plain http is accepted only for localhost)",
      )
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  );
}

const intInRange = (min: number, max: number) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`)
      .optional(),
  );

const postgresUrl = optionalText.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
);

export const rawEnvSchema = z.object({
  NODE_ENV: optionalText,
  PORTAL_MODE: optionalText.pipe(z.enum(["sandbox", "live"], { message: "must be sandbox or live" }).optional()),
  SANDBOX_ALLOW_NETWORK: optionalText.pipe(z.enum(["0", "1"], { message: "must be 1 (or 0)" }).optional()),
  PORT: intInRange(1, 65535),
  HOST: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.:-]+$/, "must be an interface address or host name")
      .optional(),
  ),
  TRUST_PROXY_HOPS: intInRange(0, 10),
  APP_URL: httpUrl(false),
  DATABASE_URL: postgresUrl,
  DATA_DIR: optionalText,
  ISSUER_BASE_URL: httpUrl(true),
  ISSUER_API_KEY: optionalText,
  ISSUER_API_SECRET: optionalText,
  ISSUER_WEBHOOK_SECRET: optionalText,
  ISSUER_WEBHOOK_SECRET_PREVIOUS: optionalText,
  ISSUER_KYC_HOSTS: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.:[\]-]+(\s*,\s*[A-Za-z0-9.:[\]-]+)*$/, "must be host names separated by commas")
      .optional(),
  ),
  WEBHOOK_MAX_AGE_HOURS: intInRange(1, 24 * 365),
  WEBHOOK_RETRY_BASE_MS: intInRange(10, 60_000),
  DRAFT_RETENTION_DAYS: intInRange(0, 3650),
  LOG_RETENTION_DAYS: intInRange(0, 3650),
  APPLICATION_RETENTION_DAYS: intInRange(0, 3650),
  RECONCILE_INTERVAL_MS: intInRange(60_000, 7 * 24 * 3_600_000),
  PRIVACY_CONTACT: optionalText.pipe(
    z
      .string()
      .refine((v) => z.string().email().safeParse(v).success || /^https?:\/\/[^\s]+$/.test(v), "must be an email address or an http(s) URL")
      .optional(),
  ),
  MERCHANT_APP_URL: httpUrl(false),
  NEXTAUTH_SECRET: optionalText,
  DATA_ENCRYPTION_KEY: optionalText,
  DATA_ENCRYPTION_KEY_PREVIOUS: optionalText,
  ADMIN_OIDC_ISSUER: httpUrl(true),
  ADMIN_OIDC_CLIENT_ID: optionalText,
  ADMIN_OIDC_CLIENT_SECRET: optionalText,
  ADMIN_OIDC_ALLOWED_DOMAINS: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}(\s*,\s*[A-Za-z0-9.-]+\.[A-Za-z]{2,})*$/, "must be email domains separated by commas")
      .transform((v) => v.split(",").map((d) => d.trim().toLowerCase()))
      .optional(),
  ),
  ADMIN_EMAIL: optionalText.pipe(z.string().email({ message: "must be an email address" }).optional()),
  ADMIN_PASSWORD: optionalText,
  ADMIN_BALANCE_WARNING: intInRange(0, 1_000_000_000_000),
  SANDBOX_APPROVAL_DELAY_MS: intInRange(0, 86_400_000),
  SANDBOX_WEBHOOK_URL: httpUrl(false),
  SANDBOX_PRODUCTS_FILE: optionalText,
  CHROMIUM_PATH: optionalText,
  TEST_DATABASE_URL: postgresUrl,
  RELIABILITY_DATABASE_URL: postgresUrl,
});

export type ParsedRawEnv = z.infer<typeof rawEnvSchema>;

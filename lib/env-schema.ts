import { z } from "zod";
import { commaList, email, emailOrUrl, httpUrl, intInRange, matching, oneOf, optionalText, postgresUrl } from "@/lib/env-validators";
import { optional, withDefault, type Setting } from "@/lib/env-setting";
import { MAIL_ENV } from "@/lib/env-schema-mail";

const text = optionalText;

/**
 * Every environment variable the portal reads: one entry each, the one home of its type, default and meaning.
 * parseEnv (lib/env-parse.ts) validates with these entries; `npm run env:docs` writes docs/configuration.md's
 * table and .env.example from them (lib/env-docs.test.ts fails when either differs).
 */
export const ENV = {
  PORTAL_MODE: optional(oneOf(["sandbox", "live"], "must be sandbox or live"), {
    group: "portal",
    defaultDoc: "`sandbox` (`npm start`); the Docker image and `compose.yaml`: `live`",
    example: "sandbox",
    description:
      "`sandbox`: the embedded issuer and generated secrets; `live`: the real issuer, whose variables are then required. Chosen on purpose, never inferred. A database keeps the mode it was created in: the other mode refuses it",
  }),
  PORT: withDefault(intInRange(1, 65535), 3000, { group: "portal", description: "HTTP port" }),
  HOST: optional(matching(/^[A-Za-z0-9.:-]+$/, "must be an interface address or host name"), {
    group: "portal",
    modeDefault: { sandbox: "localhost", live: "0.0.0.0" },
    example: "127.0.0.1",
    description:
      "interface to listen on (`npm start`; `localhost` means both loopbacks, `127.0.0.1` and `::1`); sandbox mode refuses a non-loopback `HOST` unless `SANDBOX_ALLOW_NETWORK=1`",
  }),
  SANDBOX_ALLOW_NETWORK: optional(oneOf(["0", "1"], "must be 1 (or 0)"), {
    group: "portal",
    example: "1",
    description:
      "`1`: sandbox mode may listen on a non-loopback `HOST`, with a loud warning (its embedded issuer, test helpers and public credentials are then open to the network)",
  }),
  TRUST_PROXY_HOPS: withDefault(intInRange(0, 10), 0, {
    group: "portal",
    description: "how many reverse proxies in front of the portal append to `X-Forwarded-For`; 0 takes the client address from the socket",
  }),
  APP_URL: optional(httpUrl(false), {
    group: "portal",
    defaultDoc: "`http://localhost:$PORT`",
    example: "https://cards.example.com",
    description: "public origin of the portal (links, KYC return, webhook URL)",
  }),
  DATABASE_URL: optional(postgresUrl, {
    group: "portal",
    defaultDoc: "unset: PGlite in `DATA_DIR`",
    example: "postgres://portal:secret@db.internal:5432/portal",
    description: "`postgres://...` to use a Postgres server",
  }),
  DATA_DIR: withDefault(text, ".data", {
    group: "portal",
    description:
      "where the embedded database (`DATA_DIR/pglite`), its data keys (`DATA_DIR/keys`: back it up with the database) and the generated sandbox secrets (`DATA_DIR/secrets`) live; folders 0700, files 0600",
  }),
  ISSUER_BASE_URL: optional(httpUrl(true), {
    group: "issuer",
    required: "live",
    defaultDoc: "sandbox: `$APP_URL/sandbox`",
    example: "https://openapi.issuer.example",
    description: "upstream Open API base URL; refused in sandbox mode (set `PORTAL_MODE=live`)",
  }),
  ISSUER_API_KEY: optional(text, {
    group: "issuer",
    required: "live",
    secret: true,
    modeDefault: { sandbox: "sandbox_key" },
    description: "upstream API key",
  }),
  ISSUER_API_SECRET: optional(text, {
    group: "issuer",
    required: "live",
    secret: true,
    modeDefault: { sandbox: "sandbox_secret" },
    description: "upstream API secret",
  }),
  ISSUER_WEBHOOK_SECRET: optional(text, {
    group: "issuer",
    required: "live",
    secret: true,
    modeDefault: { sandbox: "sandbox_webhook_secret" },
    description: "secret of `x-wk-signature` (the sandbox signs with it too)",
  }),
  ISSUER_WEBHOOK_SECRET_PREVIOUS: optional(text, {
    group: "issuer",
    secret: true,
    description: "a previous webhook secret still accepted during rotation",
  }),
  ISSUER_KYC_HOSTS: optional(commaList("[A-Za-z0-9.:[\\]-]+", "must be host names separated by commas"), {
    group: "issuer",
    defaultDoc: "the host of `ISSUER_BASE_URL` (sandbox: the portal's own)",
    example: "kyc.issuer.example",
    description: "comma-separated hosts an identity-check link may point at; https only (plain http on loopback in sandbox mode)",
  }),
  WEBHOOK_MAX_AGE_HOURS: withDefault(intInRange(1, 24 * 365), 72, {
    group: "issuer",
    description: "signed events dated older than this (or over 5 minutes in the future) are parked unapplied",
  }),
  WEBHOOK_RETRY_BASE_MS: withDefault(intInRange(10, 60_000), 1000, {
    group: "issuer",
    description:
      "first wait before a stored event that failed to apply is tried again (doubling, at most 5 minutes; poisoned after 8 tries)",
  }),
  DRAFT_RETENTION_DAYS: withDefault(intInRange(0, 3650), 30, {
    group: "retention",
    description: "abandoned drafts (no saved step or upload) are purged after this many days, with their document references (0: at once)",
  }),
  LOG_RETENTION_DAYS: withDefault(intInRange(0, 3650), 90, {
    group: "retention",
    description:
      "upstream request logs, webhook bodies and card transaction details (merchant, description) are reduced to ids, types, amounts, times and outcomes after this; staff sign-in attempts are deleted after it, never before 30 days (the sign-in throttle reads them)",
  }),
  APPLICATION_RETENTION_DAYS: withDefault(intInRange(0, 3650), 365, {
    group: "retention",
    description: "finished applications drop their answers, documents and notes after this, keeping ids, states, times and card ids",
  }),
  RECONCILE_INTERVAL_MS: withDefault(intInRange(60_000, 7 * 24 * 3_600_000), 3_600_000, {
    group: "retention",
    description: "how often the portal reconciles its applications with the issuer (one instance at a time, at most once per interval)",
  }),
  PRIVACY_CONTACT: optional(emailOrUrl, {
    group: "retention",
    example: "privacy@example.com",
    description: "email address or https URL where applicants ask for export or erasure (privacy page)",
  }),
  MERCHANT_APP_URL: optional(httpUrl(false), {
    group: "retention",
    defaultDoc: "unset: the card issued page names no link",
    example: "https://app.merchant.example/cards",
    description: "where the card issued page sends the cardholder next (the merchant's app or website); an absolute http(s) URL",
  }),
  NEXTAUTH_SECRET: optional(text, {
    group: "staff",
    required: "live",
    secret: true,
    defaultDoc: "sandbox: generated once in `DATA_DIR/secrets`",
    description: "next-auth secret, at least 32 characters (e.g. `openssl rand -base64 32`)",
  }),
  DATA_ENCRYPTION_KEY: optional(text, {
    group: "staff",
    required: "live",
    secret: true,
    defaultDoc: "sandbox: generated once in `DATA_DIR/secrets`",
    description:
      "key that seals identity data at rest (it wraps each application's own data key), at least 32 characters, different from `NEXTAUTH_SECRET`",
  }),
  DATA_ENCRYPTION_KEY_PREVIOUS: optional(text, {
    group: "staff",
    secret: true,
    description: "an older key still accepted for reading while data is re-sealed with the new one",
  }),
  ADMIN_OIDC_ISSUER: optional(httpUrl(true), {
    group: "staff",
    defaultDoc: "unset: credentials only",
    example: "https://login.merchant.example",
    description: "staff sign-in through the merchant's OpenID Connect provider: its issuer URL (set with the two below, all or none)",
  }),
  ADMIN_OIDC_CLIENT_ID: optional(text, { group: "staff", example: "portal", description: "the portal's client id at that provider" }),
  ADMIN_OIDC_CLIENT_SECRET: optional(text, { group: "staff", secret: true, description: "the portal's client secret at that provider" }),
  ADMIN_OIDC_ALLOWED_DOMAINS: optional(commaList("[A-Za-z0-9.-]+\\.[A-Za-z]{2,}", "must be email domains separated by commas"), {
    group: "staff",
    defaultDoc: "unset: any domain",
    example: "merchant.example",
    description: "comma-separated email domains (exact, e.g. `example.com`) whose company accounts may sign in; others are refused",
  }),
  ADMIN_EMAIL: optional(email, {
    group: "staff",
    modeDefault: { sandbox: "admin@example.com" },
    example: "ops@merchant.example",
    description: "first staff account, created when no staff account exists; in live mode set with `ADMIN_PASSWORD`",
  }),
  ADMIN_PASSWORD: optional(text, {
    group: "staff",
    secret: true,
    defaultDoc: "sandbox: generated at first start into `DATA_DIR/secrets/demo-admin-password` and printed by `npm start`",
    description: "password of that account; at least 12 characters in live mode",
  }),
  ADMIN_BALANCE_WARNING: optional(intInRange(0, 1_000_000_000_000), {
    group: "staff",
    example: "5000",
    description:
      "issuing balance under which the dashboard warns: a whole amount in the balance currency's major unit, as the issuer reports it (`5000` is 5,000.00 USD, not cents)",
  }),
  ADMIN_ATTENTION_HOURS: withDefault(intInRange(1, 24 * 90), 24, {
    group: "staff",
    description:
      "hours an application may stay in its state while it needs attention before the queue and the dashboard mark it overdue (a day: every item is seen within one daily shift)",
  }),
  ...MAIL_ENV,
  SANDBOX_APPROVAL_DELAY_MS: withDefault(intInRange(0, 86_400_000), 1500, {
    group: "sandbox",
    description: "sandbox: time from KYC VERIFIED to cardholder status SUCCESS",
  }),
  SANDBOX_WEBHOOK_URL: optional(httpUrl(false), {
    group: "sandbox",
    defaultDoc: "`$APP_URL/api/webhooks/issuer`",
    example: "http://localhost:3000/api/webhooks/issuer",
    description: "sandbox: where its webhooks go",
  }),
  SANDBOX_PRODUCTS_FILE: optional(text, {
    group: "sandbox",
    defaultDoc: "unset: the built-in catalog",
    example: "./my-products.json",
    description: "sandbox: a JSON file that replaces the product catalog",
  }),
  CHROMIUM_PATH: optional(text, {
    group: "tests",
    defaultDoc: "unset: `/usr/bin/chromium`, else Playwright's own",
    example: "/usr/bin/chromium",
    description: "tests only: the browser for e2e",
  }),
  TEST_DATABASE_URL: optional(postgresUrl, {
    group: "tests",
    defaultDoc: "unset: Postgres tests skipped with a printed reason",
    example: "postgres://postgres:postgres@127.0.0.1:5432/portal_test",
    description: "tests only: a Postgres database the integration tests may use",
  }),
  RELIABILITY_DATABASE_URL: optional(postgresUrl, {
    group: "tests",
    defaultDoc: "unset: `TEST_DATABASE_URL`",
    example: "postgres://postgres:postgres@127.0.0.1:5432/postgres",
    description: "tests only: a Postgres server on which `npm run test:reliability` creates, and drops, a database of its own",
  }),
} satisfies Record<string, Setting>;

export type EnvVarName = keyof typeof ENV;
export type RawEnv = Partial<Record<EnvVarName | "NODE_ENV", string>>;

/** The entries in order, each with its name. */
export const ENV_VARS: readonly (Setting & { name: EnvVarName })[] = (Object.keys(ENV) as EnvVarName[]).map((name) => ({
  name,
  ...ENV[name],
}));

/** Variables that must be set, non-empty, in live mode (PORTAL_MODE=live). */
export const LIVE_REQUIRED: readonly EnvVarName[] = ENV_VARS.filter((v) => v.required === "live").map((v) => v.name);

type Schemas = { [K in EnvVarName]: (typeof ENV)[K]["schema"] };
const schemas = Object.fromEntries(ENV_VARS.map((v) => [v.name, v.schema])) as Schemas;

export const rawEnvSchema = z.object({ NODE_ENV: optionalText, ...schemas });

export type ParsedRawEnv = z.infer<typeof rawEnvSchema>;

/** The default of a mode-dependent entry: ENV[name].modeDefault for that mode. */
export function modeDefault(name: EnvVarName, mode: "sandbox" | "live"): string | undefined {
  const entry: Setting = ENV[name];
  return entry.modeDefault?.[mode];
}

import { describe, expect, it } from "vitest";
import { LIVE_REQUIRED } from "@/lib/env-schema";
import { EnvError, formatProblems, parseEnv } from "@/lib/env";

const liveBase = {
  PORTAL_MODE: "live",
  ISSUER_BASE_URL: "https://issuer.example.com/",
  ISSUER_API_KEY: "key",
  ISSUER_API_SECRET: "secret",
  ISSUER_WEBHOOK_SECRET: "whsec",
  NEXTAUTH_SECRET: "x".repeat(32),
  DATA_ENCRYPTION_KEY: "k".repeat(32),
  SMTP_URL: "smtps://apikey:secret@smtp.example.com:465",
  MAIL_FROM: "Example Cards <cards@example.com>",
};

describe("parseEnv in sandbox mode", () => {
  it("derives every default of docs/contract.md from an empty environment", () => {
    const result = parseEnv({}, "/srv/portal");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const env = result.env;
    expect(env.mode).toBe("sandbox");
    expect(env.port).toBe(3000);
    expect(env.appUrl).toBe("http://localhost:3000");
    expect(env.databaseUrl).toBeUndefined();
    expect(env.dataDir).toBe("/srv/portal/.data");
    expect(env.issuer).toEqual({ baseUrl: "http://localhost:3000/sandbox", apiKey: "sandbox_key", apiSecret: "sandbox_secret" });
    expect(env.webhook).toEqual({ secret: "sandbox_webhook_secret", previousSecret: undefined, maxAgeHours: 72, retryBaseMs: 1000 });
    expect(env.kycLinks).toEqual({ hosts: ["localhost:3000"], httpOnLoopback: true });
    // No password in the code: sandbox mode generates one at first start (lib/auth/first-admin.ts).
    expect(env.admin).toEqual({ email: "admin@example.com", password: undefined });
    expect(env.nextAuthSecret).toBeUndefined();
    expect(env.dataEncryptionKey).toBeUndefined();
    expect(env.host).toBe("localhost");
    expect(env.trustProxyHops).toBe(0);
    expect(env.retention).toEqual({ draftDays: 30, logDays: 90, applicationDays: 365 });
    expect(env.privacyContact).toBeUndefined();
    expect(env.sandbox).toEqual({
      approvalDelayMs: 1500,
      webhookUrl: "http://localhost:3000/api/webhooks/issuer",
      productsFile: undefined,
    });
  });

  it("follows PORT and APP_URL into the derived URLs", () => {
    const result = parseEnv({ PORT: "4100", APP_URL: "https://cards.example.com/" });
    expect(result.ok && result.env.appUrl).toBe("https://cards.example.com");
    expect(result.ok && result.env.port).toBe(4100);
    expect(result.ok && result.env.issuer.baseUrl).toBe("https://cards.example.com/sandbox");
    expect(result.ok && result.env.sandbox.webhookUrl).toBe("https://cards.example.com/api/webhooks/issuer");
    const bare = parseEnv({ PORT: "4100" });
    expect(bare.ok && bare.env.appUrl).toBe("http://localhost:4100");
  });

  it("treats blank values as unset", () => {
    const result = parseEnv({ PORTAL_MODE: " ", ISSUER_BASE_URL: "  ", DATABASE_URL: "", PORT: "" });
    expect(result.ok && result.env.mode).toBe("sandbox");
    expect(result.ok && result.env.port).toBe(3000);
  });

  it("selects Postgres with DATABASE_URL and resolves DATA_DIR and SANDBOX_PRODUCTS_FILE against the cwd", () => {
    const result = parseEnv({ DATABASE_URL: "postgres://u:p@db/portal", DATA_DIR: "var/data", SANDBOX_PRODUCTS_FILE: "p.json" }, "/srv");
    expect(result.ok && result.env.databaseUrl).toBe("postgres://u:p@db/portal");
    expect(result.ok && result.env.dataDir).toBe("/srv/var/data");
    expect(result.ok && result.env.sandbox.productsFile).toBe("/srv/p.json");
  });

  it("reports malformed values even in sandbox mode, all at once", () => {
    const result = parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SANDBOX_APPROVAL_DELAY_MS: "-5", APP_URL: "not a url" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.join("\n")).toMatch(/PORT/);
    expect(result.problems.join("\n")).toMatch(/DATABASE_URL/);
    expect(result.problems.join("\n")).toMatch(/SANDBOX_APPROVAL_DELAY_MS/);
    expect(result.problems.join("\n")).toMatch(/APP_URL/);
    expect(result.problems).toHaveLength(4);
  });
});

describe("parseEnv in live mode", () => {
  it("accepts a complete live configuration and has no sandbox credentials", () => {
    const result = parseEnv(liveBase);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.env.mode).toBe("live");
    expect(result.env.issuer).toEqual({ baseUrl: "https://issuer.example.com", apiKey: "key", apiSecret: "secret" });
    expect(result.env.admin).toBeUndefined();
  });

  it.each(LIVE_REQUIRED)("reports %s when it is missing", (name) => {
    const result = parseEnv({ ...liveBase, [name]: undefined });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.mode).toBe("live");
    expect(result.problems).toEqual([`${name} is required in live mode`]);
  });

  it("names every missing variable in one message", () => {
    const result = parseEnv({ PORTAL_MODE: "live" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // The two mail settings are required together with the rest, unless MAIL_DISABLED=1 (below).
    expect(result.problems).toHaveLength(LIVE_REQUIRED.length + 2);
    const message = new EnvError(result.mode, result.problems).message;
    for (const name of LIVE_REQUIRED) expect(message).toContain(name);
    expect(message).toContain("live mode");
  });

  it("refuses plain http to a remote issuer but allows it on localhost", () => {
    const remote = parseEnv({ ...liveBase, ISSUER_BASE_URL: "http://issuer.example.com" });
    expect(remote.ok).toBe(false);
    expect(!remote.ok && remote.problems[0]).toMatch(/ISSUER_BASE_URL must use https/);
    expect(parseEnv({ ...liveBase, ISSUER_BASE_URL: "http://127.0.0.1:9000" }).ok).toBe(true);
  });

  it("listens everywhere in live mode, and takes HOST and TRUST_PROXY_HOPS as given", () => {
    expect(parseEnv(liveBase).ok && (parseEnv(liveBase) as { env: { host: string } }).env.host).toBe("0.0.0.0");
    const set = parseEnv({ ...liveBase, HOST: "10.0.0.5", TRUST_PROXY_HOPS: "1" });
    expect(set.ok && [set.env.host, set.env.trustProxyHops]).toEqual(["10.0.0.5", 1]);
    const bad = parseEnv({ ...liveBase, HOST: "a b", TRUST_PROXY_HOPS: "many" });
    expect(bad.ok ? [] : bad.problems.map((p) => p.split(" ")[0])).toEqual(["HOST", "TRUST_PROXY_HOPS"]);
  });

  it("takes retention periods from 0 days and a privacy contact that is an email address or a URL", () => {
    const set = parseEnv({
      DRAFT_RETENTION_DAYS: "0",
      LOG_RETENTION_DAYS: "7",
      APPLICATION_RETENTION_DAYS: "3650",
      PRIVACY_CONTACT: "dpo@merchant.example",
    });
    expect(set.ok && [set.env.retention, set.env.privacyContact]).toEqual([
      { draftDays: 0, logDays: 7, applicationDays: 3650 },
      "dpo@merchant.example",
    ]);
    expect(parseEnv({ PRIVACY_CONTACT: "https://merchant.example/privacy" }).ok).toBe(true);
    const bad = parseEnv({ DRAFT_RETENTION_DAYS: "-1", LOG_RETENTION_DAYS: "forever", PRIVACY_CONTACT: "call us" });
    expect(bad.ok ? [] : bad.problems.map((p) => p.split(" ")[0])).toEqual([
      "DRAFT_RETENTION_DAYS",
      "LOG_RETENTION_DAYS",
      "PRIVACY_CONTACT",
    ]);
  });

  it("takes an optional merchant app link for the card issued page, http(s) only", () => {
    const none = parseEnv({});
    expect(none.ok && none.env.merchantAppUrl).toBeUndefined();
    const set = parseEnv({ MERCHANT_APP_URL: "https://merchant.example/cards/" });
    expect(set.ok && set.env.merchantAppUrl).toBe("https://merchant.example/cards");
    const bad = parseEnv({ MERCHANT_APP_URL: "javascript:alert(1)" });
    expect(bad.ok ? [] : bad.problems.map((p) => p.split(" ")[0])).toEqual(["MERCHANT_APP_URL"]);
  });

  it("takes identity-check hosts from the issuer's URL unless ISSUER_KYC_HOSTS lists them", () => {
    const live = parseEnv(liveBase);
    expect(live.ok && live.env.kycLinks).toEqual({ hosts: ["issuer.example.com"], httpOnLoopback: false });
    const listed = parseEnv({ ...liveBase, ISSUER_KYC_HOSTS: "kyc.vendor.example, Verify.Example.com:8443" });
    expect(listed.ok && listed.env.kycLinks.hosts).toEqual(["kyc.vendor.example", "verify.example.com:8443"]);
    expect(parseEnv({ ...liveBase, ISSUER_KYC_HOSTS: "https://kyc.example" }).ok).toBe(false);
  });

  it("takes the email domains allowed to sign in through OpenID Connect, lower-cased", () => {
    const oidc = {
      ...liveBase,
      ADMIN_OIDC_ISSUER: "https://id.example.com",
      ADMIN_OIDC_CLIENT_ID: "portal",
      ADMIN_OIDC_CLIENT_SECRET: "s",
    };
    const any = parseEnv(oidc);
    expect(any.ok && any.env.oidc?.allowedDomains).toBeUndefined();
    const listed = parseEnv({ ...oidc, ADMIN_OIDC_ALLOWED_DOMAINS: "Merchant.example, staff.merchant.example" });
    expect(listed.ok && listed.env.oidc?.allowedDomains).toEqual(["merchant.example", "staff.merchant.example"]);
    const bad = parseEnv({ ...oidc, ADMIN_OIDC_ALLOWED_DOMAINS: "@merchant.example" });
    expect(bad.ok ? [] : bad.problems.map((p) => p.split(" ")[0])).toEqual(["ADMIN_OIDC_ALLOWED_DOMAINS"]);
  });

  it("refuses a short or reused DATA_ENCRYPTION_KEY", () => {
    const short = parseEnv({ ...liveBase, DATA_ENCRYPTION_KEY: "short" });
    expect(short.ok ? [] : short.problems).toEqual(["DATA_ENCRYPTION_KEY must be at least 32 characters"]);
    const reused = parseEnv({ ...liveBase, DATA_ENCRYPTION_KEY: "x".repeat(32) });
    expect(reused.ok ? [] : reused.problems).toEqual(["DATA_ENCRYPTION_KEY must differ from NEXTAUTH_SECRET"]);
  });

  it("refuses a short NEXTAUTH_SECRET, a short admin password and half an admin account", () => {
    const result = parseEnv({ ...liveBase, NEXTAUTH_SECRET: "short", ADMIN_PASSWORD: "short" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      "NEXTAUTH_SECRET must be at least 32 characters",
      "ADMIN_PASSWORD must be at least 12 characters in live mode",
      "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    ]);
  });

  it("formats problems as one list", () => {
    expect(formatProblems("live", ["A is required", "B is bad"])).toBe(
      "The portal cannot start: 2 configuration problem(s) (live mode: PORTAL_MODE=live):\n  - A is required\n  - B is bad",
    );
  });
});

describe("the mode is chosen on purpose (PORTAL_MODE)", () => {
  it("is sandbox when unset, live only when PORTAL_MODE says so, and refuses any other value", () => {
    expect(parseEnv({}).ok && (parseEnv({}) as { env: { mode: string } }).env.mode).toBe("sandbox");
    expect(parseEnv({ PORTAL_MODE: "sandbox" }).ok).toBe(true);
    const bad = parseEnv({ PORTAL_MODE: "production" });
    expect(bad.ok ? [] : bad.problems).toEqual(["PORTAL_MODE must be sandbox or live"]);
  });

  it("refuses ISSUER_BASE_URL in sandbox mode instead of switching to live on its own", () => {
    // Before, ISSUER_BASE_URL alone selected live mode; now it must come with PORTAL_MODE=live.
    const { PORTAL_MODE: _mode, ...withoutMode } = liveBase;
    const result = parseEnv(withoutMode);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.mode).toBe("sandbox");
    expect(result.problems).toEqual([expect.stringContaining("ISSUER_BASE_URL is set, but the mode is sandbox")]);
    expect(result.problems[0]).toContain("set PORTAL_MODE=live");
  });

  it("refuses a non-loopback HOST in sandbox mode unless SANDBOX_ALLOW_NETWORK=1", () => {
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "portal.example.com"]) {
      const refused = parseEnv({ HOST: host });
      expect(refused.ok ? [] : refused.problems, host).toEqual([expect.stringContaining(`HOST=${host} is not a loopback address`)]);
      expect(parseEnv({ HOST: host, SANDBOX_ALLOW_NETWORK: "0" }).ok, host).toBe(false);
      const allowed = parseEnv({ HOST: host, SANDBOX_ALLOW_NETWORK: "1" });
      expect(allowed.ok && allowed.env.host, host).toBe(host);
    }
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "::1"]) expect(parseEnv({ HOST: host }).ok, host).toBe(true);
    expect(parseEnv({ SANDBOX_ALLOW_NETWORK: "yes" }).ok).toBe(false);
  });

  it("keeps an explicit ADMIN_PASSWORD in sandbox mode, and has no default admin in live mode", () => {
    const sandbox = parseEnv({ ADMIN_PASSWORD: "my own password" });
    expect(sandbox.ok && sandbox.env.admin).toEqual({ email: "admin@example.com", password: "my own password" });
    const live = parseEnv({ ...liveBase, ADMIN_EMAIL: "ops@merchant.example", ADMIN_PASSWORD: "a long password" });
    expect(live.ok && live.env.admin).toEqual({ email: "ops@merchant.example", password: "a long password" });
  });
});

describe("parseEnv: email", () => {
  it("sandbox mode needs nothing: no SMTP_URL (the embedded catcher), a sandbox sender, reminders after 24 h, no digest", () => {
    const result = parseEnv({});
    expect(result.ok && result.env.mail).toEqual({
      smtpUrl: undefined,
      from: "Card portal (sandbox) <cards@example.com>",
      disabled: false,
      kycReminderHours: 24,
      digestHour: undefined,
    });
  });

  it("live mode requires SMTP_URL and MAIL_FROM unless MAIL_DISABLED=1 says no email on purpose", () => {
    const { SMTP_URL: _url, MAIL_FROM: _from, ...withoutMail } = liveBase;
    const refused = parseEnv(withoutMail);
    expect(refused.ok ? [] : refused.problems).toEqual([
      "SMTP_URL is required in live mode (or set MAIL_DISABLED=1 to send no email on purpose)",
      "MAIL_FROM is required in live mode (or set MAIL_DISABLED=1 to send no email on purpose)",
    ]);
    const disabled = parseEnv({ ...withoutMail, MAIL_DISABLED: "1" });
    expect(disabled.ok && disabled.env.mail.disabled).toBe(true);
    const full = parseEnv({ ...liveBase, KYC_REMINDER_HOURS: "48", ADMIN_DIGEST_HOUR: "0", SUPPORT_EMAIL: "help@merchant.example" });
    expect(full.ok && full.env.mail).toMatchObject({ smtpUrl: liveBase.SMTP_URL, kycReminderHours: 48, digestHour: 0 });
    expect(full.ok && full.env.support).toEqual({ url: undefined, email: "help@merchant.example" });
  });

  it("refuses a URL that is not SMTP, a sender that is not an address (or carries a new line) and hours out of range", () => {
    const bad = parseEnv({
      SMTP_URL: "https://smtp.example.com",
      MAIL_FROM: "Cards <not-an-address>",
      KYC_REMINDER_HOURS: "0",
      ADMIN_DIGEST_HOUR: "24",
      MAIL_DISABLED: "yes",
    });
    expect(bad.ok ? [] : bad.problems.map((p) => p.split(" ")[0])).toEqual([
      "SMTP_URL",
      "MAIL_FROM",
      "MAIL_DISABLED",
      "KYC_REMINDER_HOURS",
      "ADMIN_DIGEST_HOUR",
    ]);
    expect(parseEnv({ MAIL_FROM: "Cards <cards@example.com>\nBcc: x@example.com" }).ok).toBe(false);
    expect(parseEnv({ MAIL_FROM: "cards@example.com", SMTP_URL: "smtp://127.0.0.1:2525" }).ok).toBe(true);
  });
});

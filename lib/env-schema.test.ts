import { describe, expect, it } from "vitest";
import { describeDefault } from "@/lib/env-docs";
import { parseEnv } from "@/lib/env-parse";
import { ENV, ENV_VARS, LIVE_REQUIRED, modeDefault, rawEnvSchema } from "@/lib/env-schema";

// The entries of lib/env-schema.ts are the one home of each variable: these tests hold the parser to them.

describe("lib/env-schema.ts entries", () => {
  it("give the parser its defaults: an empty environment parses to each entry's default", () => {
    const parsed = rawEnvSchema.parse({});
    const withDefaults = ENV_VARS.filter((v) => v.default !== undefined);
    expect(withDefaults.map((v) => v.name)).toContain("PORT");
    for (const v of withDefaults) expect(parsed[v.name], v.name).toBe(v.default);
    for (const v of ENV_VARS.filter((e) => e.default === undefined)) expect(parsed[v.name], v.name).toBeUndefined();
  });

  it("give the mode-dependent defaults: sandbox credentials in sandbox mode only, HOST per mode", () => {
    const sandbox = parseEnv({});
    expect(sandbox.ok && [sandbox.env.host, sandbox.env.issuer.apiKey, sandbox.env.admin?.email]).toEqual([
      modeDefault("HOST", "sandbox"),
      modeDefault("ISSUER_API_KEY", "sandbox"),
      modeDefault("ADMIN_EMAIL", "sandbox"),
    ]);
    const live = parseEnv({
      PORTAL_MODE: "live",
      ...Object.fromEntries(
        LIVE_REQUIRED.map((name) => [name, name === "ISSUER_BASE_URL" ? "https://issuer.example" : name.padEnd(32, "x")]),
      ),
      MAIL_DISABLED: "1",
    });
    expect(live.ok && [live.env.host, live.env.admin]).toEqual([modeDefault("HOST", "live"), undefined]);
  });

  it("mark what live mode requires (the contract's list)", () => {
    expect([...LIVE_REQUIRED].sort()).toEqual(
      ["DATA_ENCRYPTION_KEY", "ISSUER_API_KEY", "ISSUER_API_SECRET", "ISSUER_BASE_URL", "ISSUER_WEBHOOK_SECRET", "NEXTAUTH_SECRET"].sort(),
    );
    const missing = parseEnv({ PORTAL_MODE: "live" });
    expect(missing.ok ? [] : missing.problems).toEqual([
      ...LIVE_REQUIRED.map((name) => `${name} is required in live mode`),
      // Required unless MAIL_DISABLED=1: a rule of its own, not the entries' `required` flag.
      ...["SMTP_URL", "MAIL_FROM"].map((name) => `${name} is required in live mode (or set MAIL_DISABLED=1 to send no email on purpose)`),
    ]);
  });

  it("refuse a bad value with a message naming the variable, for every entry that is not free text", () => {
    const bad = "%% not valid %%".padEnd(40, "%"); // long enough for the secrets' length rules
    const freeText = new Set([
      ...["DATA_DIR", "ISSUER_API_KEY", "ISSUER_API_SECRET", "ISSUER_WEBHOOK_SECRET", "ISSUER_WEBHOOK_SECRET_PREVIOUS"],
      ...["NEXTAUTH_SECRET", "DATA_ENCRYPTION_KEY", "DATA_ENCRYPTION_KEY_PREVIOUS", "ADMIN_OIDC_CLIENT_ID"],
      ...["ADMIN_OIDC_CLIENT_SECRET", "ADMIN_PASSWORD", "SANDBOX_PRODUCTS_FILE", "CHROMIUM_PATH"],
    ]);
    for (const v of ENV_VARS) {
      const result = parseEnv({ PORTAL_MODE: v.name === "PORTAL_MODE" ? bad : "live", [v.name]: bad });
      const problems = result.ok ? [] : result.problems.filter((p) => p.startsWith(`${v.name} must`));
      expect(problems.length, v.name).toBe(freeText.has(v.name) ? 0 : 1);
    }
  });

  it("describe their defaults in words for the docs: derived, fixed, per mode, or unset", () => {
    expect(describeDefault(ENV.APP_URL)).toBe("`http://localhost:$PORT`");
    expect(describeDefault(ENV.PORT)).toBe("3000");
    expect(describeDefault(ENV.DATA_DIR)).toBe("`.data`");
    expect(describeDefault(ENV.HOST)).toBe("sandbox: `localhost`; live: `0.0.0.0`");
    expect(describeDefault(ENV.PRIVACY_CONTACT)).toBe("unset");
  });

  it("have a description each, and an example or default for every variable that is not a secret", () => {
    for (const v of ENV_VARS) {
      expect(v.description.length, v.name).toBeGreaterThan(5);
      if (!v.secret && v.example === undefined) expect(v.default ?? v.modeDefault ?? v.defaultDoc, v.name).toBeDefined();
    }
  });
});

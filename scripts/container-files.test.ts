import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIVE_REQUIRED, type RawEnv } from "@/lib/env-schema";
import { parseEnv } from "@/lib/env";
// @ts-expect-error -- a plain .mjs script of the repo, without type declarations
import { servePlan } from "./serve.mjs";

// Issue #24 item 15: the container files, read as files (no container engine runs on the machines this is built on);
// e2e/modes.spec.ts starts scripts/serve.mjs, the image's command, with the image's environment.

const root = path.resolve(__dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The variables the Dockerfile's ENV lines set (`ENV A=1 B=2`). */
function dockerfileEnv(text: string): Record<string, string> {
  const pairs = [...text.matchAll(/^ENV\s+(.+)$/gm)].flatMap((m) => (m[1] ?? "").trim().split(/\s+/));
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]));
}

describe("the Dockerfile", () => {
  const env = dockerfileEnv(read("Dockerfile"));

  it("defaults to live mode, which refuses to start without the issuer's variables and secrets, naming each", () => {
    expect(env.PORTAL_MODE).toBe("live");
    const result = parseEnv({ ...env, DATA_DIR: "/tmp/x" } as RawEnv);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.mode).toBe("live");
    for (const name of LIVE_REQUIRED) expect(result.problems).toContain(`${name} is required in live mode`);
  });

  it("listens on every interface in live mode only: a sandbox started from the image stays on loopback", () => {
    expect(env.HOST === undefined || env.PORTAL_MODE === "live").toBe(true);
    const secrets = Object.fromEntries(LIVE_REQUIRED.map((name) => [name, name.padEnd(32, "x")]));
    const live = parseEnv({ ...env, ...secrets, ISSUER_BASE_URL: "https://issuer.example", MAIL_DISABLED: "1" } as RawEnv);
    expect(live.ok && servePlan(live.env).addresses).toEqual([env.HOST ?? "0.0.0.0"]);
    const sandbox = parseEnv({ ...env, PORTAL_MODE: "sandbox" } as RawEnv);
    expect(sandbox.ok && servePlan(sandbox.env).addresses).toEqual(["127.0.0.1", "::1"]);
  });
});

describe("compose.yaml", () => {
  const text = read("compose.yaml");

  it("publishes every port on 127.0.0.1 only, behind the reverse proxy it documents", () => {
    const published = [...text.matchAll(/^\s*ports:\s*\[(.*)\]\s*$/gm)].flatMap((m) => (m[1] ?? "").split(",").map((p) => p.trim()));
    expect(published.length).toBeGreaterThanOrEqual(2);
    for (const port of published) expect(port).toMatch(/^"127\.0\.0\.1:\d+:\d+"$/);
    expect(text).not.toMatch(/^\s*-\s*"?\d+:\d+"?\s*$/m);
    expect(text).toContain("reverse_proxy 127.0.0.1:3001 127.0.0.1:3002");
  });

  it("runs the portal in live mode and trusts the one proxy hop in front", () => {
    expect(text).toMatch(/^\s+PORTAL_MODE: live$/m);
    expect(text).toMatch(/^\s+TRUST_PROXY_HOPS: 1$/m);
  });
});

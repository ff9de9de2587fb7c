import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { buildIsCurrent } from "./build-if-needed.mjs";

// scripts/e2e.mjs builds with marker values for every secret (scripts/e2e-build.mjs), then runs this scan of the
// build (the "build" Vitest project) before Playwright; nothing served to browsers may contain the markers, nor
// the sandbox's default credentials, nor server-only code. `vitest run` alone leaves it out: it needs that build.

const MARKERS = [
  "e2e-marker-issuer-api-key-7d1c",
  "e2e-marker-issuer-api-secret-9a4e",
  "e2e-marker-webhook-secret-2f8b",
  "e2e-marker-nextauth-secret-5c3d",
];
const SANDBOX_DEFAULTS = ["sandbox_secret", "sandbox_webhook_secret", "sandbox_key"];
const SERVER_CODE = ["pg_advisory_lock", "aes-256-gcm", "x-wk-signature", "api_secret"];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

test(".next holds the e2e build of the current sources, the one with the secret markers", () => {
  expect(buildIsCurrent(":e2e-secret-markers"), "run scripts/e2e.mjs (npm run test:e2e), which builds it and runs this file").toBe(true);
});

test("no client bundle under .next/static contains a secret or server-only code", () => {
  const bundle = files(path.join(process.cwd(), ".next", "static"));
  expect(bundle.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(3);
  const found: string[] = [];
  for (const file of bundle) {
    const text = readFileSync(file, "utf8");
    for (const needle of [...MARKERS, ...SANDBOX_DEFAULTS, ...SERVER_CODE])
      if (text.includes(needle)) found.push(`${path.basename(file)}: ${needle}`);
  }
  expect(found).toEqual([]);
});

test("the scan would see a secret if one were there (the server build holds the sandbox defaults)", () => {
  const server = files(path.join(process.cwd(), ".next", "server")).filter((f) => f.endsWith(".js"));
  expect(server.some((f) => readFileSync(f, "utf8").includes("sandbox_webhook_secret"))).toBe(true);
});

// Builds the app with `next build` unless .next holds a build of exactly the current sources.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = [
  "instrumentation.ts",
  "next.config.mjs",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];
const STAMP = path.join(root, ".next", "source-fingerprint");

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** A hash of every file that goes into the build (tests excluded). */
export function sourceFingerprint() {
  const files = [...SOURCE_DIRS.flatMap((d) => walk(path.join(root, d), [])), ...SOURCE_FILES.map((f) => path.join(root, f))]
    .filter((f) => existsSync(f) && statSync(f).isFile())
    .sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

/** `profile` names the build's purpose (the e2e build carries secret markers); a build is current for its own profile only. */
export function buildIsCurrent(profile = "") {
  return (
    existsSync(path.join(root, ".next", "BUILD_ID")) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, "utf8") === `${sourceFingerprint()}${profile}`
  );
}

export function buildIfNeeded({ profile = "", env = {} } = {}) {
  if (buildIsCurrent(profile)) {
    console.log("[build] .next is current: skipping next build");
    return;
  }
  console.log("[build] no current build: running next build");
  // A message key without English or Chinese text fails the build (lib/i18n/key-check.ts).
  const messages = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/check-messages.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  if (messages.status !== 0) {
    console.error("[build] message catalogs are incomplete");
    process.exit(messages.status ?? 1);
  }
  const result = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error("[build] next build failed");
    process.exit(result.status ?? 1);
  }
  writeFileSync(STAMP, `${sourceFingerprint()}${profile}`);
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();

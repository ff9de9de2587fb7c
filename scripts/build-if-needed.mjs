// Builds the app with `next build` unless .next holds a build of exactly the current sources.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bundleEnv, ENV_BUNDLE } from "./env-bundle.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// What never goes into the build: tests, the e2e suite, benchmarks, docs and CI files. Everything else a checkout
// holds counts (proxy.ts, a config file added later, ...): a list of what does go in missed files before.
const NOT_BUILT = [/\.test\.tsx?$/, /^e2e\//, /^bench\//, /^docs\//, /^\.ci\//, /^\.github\//, /\.md$/, /^scripts\/.*\.test\.ts$/];
const IGNORED_DIRS = new Set(["node_modules", ".next", ".git", "dist", "test-results", "playwright-report", "e2e-artifacts"]);
const STAMP = path.join(root, ".next", "source-fingerprint");

/** Every file of a checkout: git's tracked and untracked-but-not-ignored files, or a walk outside a git work tree. */
function checkoutFiles(dir) {
  const git = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: dir, encoding: "utf8" });
  if (git.status === 0) return git.stdout.split("\0").filter(Boolean);
  const out = [];
  const walk = (sub) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!IGNORED_DIRS.has(entry.name) && !entry.name.startsWith(".data")) walk(rel);
      } else out.push(rel);
    }
  };
  walk("");
  return out;
}

/** A hash of every file that goes into the build of the checkout at `dir`. */
export function sourceFingerprint(dir = root) {
  const files = checkoutFiles(dir)
    .filter((f) => !NOT_BUILT.some((pattern) => pattern.test(f)))
    .filter((f) => existsSync(path.join(dir, f)) && statSync(path.join(dir, f)).isFile())
    .sort();
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(dir, file)))
      .update("\0");
  return hash.digest("hex");
}

/** `profile` names the build's purpose (the e2e build carries secret markers); a build is current for its own profile only. */
export function buildIsCurrent(profile = "") {
  return (
    existsSync(path.join(root, ".next", "BUILD_ID")) &&
    existsSync(path.join(root, ENV_BUNDLE)) &&
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
  // Taken before the build: a source edited while it runs then differs from the stamp, and the next run rebuilds.
  // Taken after, it stamped a build of the old sources as current for the new ones.
  const fingerprint = sourceFingerprint();
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
  // scripts/serve.mjs reads the environment through this bundle of lib/env-parse.ts.
  bundleEnv();
  writeFileSync(STAMP, `${fingerprint}${profile}`);
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();

// `npm test`: lint, format check, typecheck, the migrations check, Vitest (unit + integration), then the Playwright e2e suite. Stops at the first failure.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const steps = [
  ["lint", bin("eslint"), ["--max-warnings=0", "."]],
  ["format", bin("prettier"), ["--check", "--log-level=warn", "."]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  // The migrations' snapshots agree with each other (their text never changing is lib/db/migrations-lock.test.ts).
  ["migrations (drizzle-kit check)", process.execPath, [path.join(root, "scripts", "db-check.mjs")]],
  ["unit and integration (vitest)", bin("vitest"), ["run"]],
  ["e2e (playwright)", process.execPath, [path.join(root, "scripts", "e2e.mjs")]],
];

const started = Date.now();
for (const [name, command, args] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== npm test failed at: ${name} (${seconds}s) ===`);
    console.log(`steps: ${steps.findIndex((step) => step[0] === name)} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name}: ok (${seconds}s) ===`);
}
console.log(`\n=== npm test: all steps passed in ${((Date.now() - started) / 1000).toFixed(0)}s ===`);
// The plain closing line CI reads: one per step (lint, format, typecheck, migrations, vitest, playwright).
console.log(`steps: ${steps.length} passed, 0 failed`);

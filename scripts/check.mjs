// `npm run check`: the edit loop's check: lint, format check, typecheck and the unit tests (Vitest's "unit" project,
// see test/layers.ts), side by side; no integration tests, no e2e (`npm test` runs everything). Caches live in
// node_modules/.cache, so a second run only looks again at what changed.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const cache = (name) => path.join(root, "node_modules", ".cache", name);
const steps = [
  // The cache keys on each file's content; a type change in one file does not re-lint the files that use it (npm test does).
  ["lint", bin("eslint"), ["--max-warnings=0", "--cache", "--cache-strategy", "content", "--cache-location", `${cache("eslint")}/`, "."]],
  ["format", bin("prettier"), ["--check", "--log-level=warn", "--cache", "--cache-location", cache("prettier/cache.json"), "."]],
  ["typecheck", bin("tsc"), ["--noEmit", "--incremental", "--tsBuildInfoFile", cache("tsc/tsconfig.tsbuildinfo")]],
  ["unit (vitest --project unit)", bin("vitest"), ["run", "--project", "unit"]],
];

/** Runs one step with its output held back, so the steps' outputs do not interleave. */
function run([name, command, args]) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: "0" } });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (status) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      console.log(`\n=== ${name} ===`);
      process.stdout.write(Buffer.concat(output));
      console.log(`=== ${name}: ${status === 0 ? "ok" : "FAILED"} (${seconds}s) ===`);
      resolve({ name, ok: status === 0 });
    });
  });
}

const started = Date.now();
const results = await Promise.all(steps.map(run));
const failed = results.filter((result) => !result.ok).map((result) => result.name);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (failed.length > 0) console.error(`\n=== npm run check failed at: ${failed.join(", ")} (${seconds}s) ===`);
else console.log(`\n=== npm run check: all steps passed in ${seconds}s ===`);
console.log(`steps: ${steps.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length > 0 ? 1 : 0);

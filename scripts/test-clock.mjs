// `npm run test:clock`: the Vitest suite again with the system clock moved ahead (default 60 days, or the first
// argument, e.g. `-- +400d`; further arguments go to Vitest), on PGlite. A test that pins a date the code compares with "now" (a 72-hour window,
// an age, an expiry) fails here when it is written, instead of in CI the day its date runs out.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const offset = process.argv[2] ?? "+60d";
if (!/^[+-]\d+[dhm]$/.test(offset)) {
  console.error(`[clock] the offset is a signed number of days, hours or minutes, e.g. +60d (got ${offset})`);
  process.exit(2);
}
if (spawnSync("faketime", ["-f", "+0d", "true"]).status !== 0) {
  console.error("[clock] needs Debian's faketime: sudo apt-get install -y faketime (.ci/run installs it)");
  process.exit(1);
}
// PostgreSQL keeps its own clock: with TEST_DATABASE_URL the database and the tests would disagree on "now".
// Monotonic time stays real: timers and timeouts keep their length.
const env = { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: "1" };
delete env.TEST_DATABASE_URL;
console.log(`[clock] vitest with the clock at ${offset} (PGlite only)`);
const result = spawnSync("faketime", ["-f", offset, path.join(root, "node_modules", ".bin", "vitest"), "run", ...process.argv.slice(3)], {
  cwd: root,
  stdio: "inherit",
  env,
});
process.exit(result.status ?? 1);

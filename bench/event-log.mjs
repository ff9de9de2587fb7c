// The staff delivery log at scale (docs/events.md, "Delivery log"): N deliveries seeded into a scratch PostgreSQL
// database, then EXPLAIN ANALYZE of the log page's queries (first page, a deep keyset page, each filter) and of the
// application page's section. `node bench/event-log.mjs [deliveries] [postgres URL]`; BENCH_KEEP=1 keeps the database
// (and reuses it on the next run), BENCH_PLANS=1 prints the whole plans.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// tsx with the env file that maps `server-only` away, as bench/events.mjs.
const run = spawnSync(
  process.execPath,
  ["--env-file=lib/mail/testing/sender-child.env", "--import", "tsx", "bench/event-log-run.ts", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
process.exit(run.status ?? 1);

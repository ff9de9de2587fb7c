// Outbound events (docs/events.md): events per second from the runner to a local receiver that verifies every
// post with the Standard Webhooks library and fails 10 % of them, and the delay from the state change to the
// delivery (median, p95) with the runner's own loop. PGlite, or given a postgres:// URL a scratch database beside it.
// `node bench/events.mjs [events] [URL]`.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// tsx with the test tsconfig that maps `server-only` to an empty module (as bench/mail.mjs).
const run = spawnSync(
  process.execPath,
  ["--env-file=lib/mail/testing/sender-child.env", "--import", "tsx", "bench/events-run.ts", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
process.exit(run.status ?? 1);

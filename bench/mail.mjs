// The mail sender's throughput: N queued messages (default 10,000) sent by one sender process to a counting SMTP
// server, messages per second and the sender's memory (RSS and heap, sampled every 250 ms: peak and end), on
// PGlite and, given a postgres:// URL, on a scratch database made beside it. `node bench/mail.mjs [N] [URL]`.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// tsx with the test tsconfig that maps `server-only` to an empty module (see lib/mail/testing/sender-process.ts).
const run = spawnSync(
  process.execPath,
  ["--env-file=lib/mail/testing/sender-child.env", "--import", "tsx", "bench/mail-run.ts", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
process.exit(run.status ?? 1);

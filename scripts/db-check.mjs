// `drizzle-kit check` on the portal's migrations and on the sandbox's (npm run db:check runs the same two), for
// `npm test`: exits non-zero when either set of snapshots is inconsistent.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
for (const config of ["drizzle.config.ts", "drizzle.sandbox.config.ts"]) {
  const result = spawnSync(path.join(root, "node_modules", ".bin", "drizzle-kit"), ["check", "--config", config], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

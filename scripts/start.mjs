// `npm start`: build when no current build exists, then serve through scripts/serve.mjs, which reads PORT, HOST
// and the mode with the app's parser (lib/env-parse.ts) and stops before listening on a refused configuration.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
buildIfNeeded();

const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm run build:standalone`: turns the last `next build` (output: "standalone") into dist/portal, a folder that
// runs with `node scripts/serve.mjs` and nothing else: the traced server and its node_modules, the static files,
// the migrations of both schemas and the portal's own server script. The Dockerfile copies this folder.
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { ENV_BUNDLE } from "./env-bundle.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const from = (...parts) => path.join(root, ...parts);

/** Assembles the artifact into `out` (default dist/portal) and answers its path. */
export function assembleStandalone(out = from("dist", "portal")) {
  if (!existsSync(from(".next", "standalone", "server.js"))) {
    throw new Error("No .next/standalone: run `next build` first (next.config.mjs sets output: standalone).");
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // Only what runs: the tracer also follows the startup code's working-directory reads into test output and data.
  for (const entry of [".next", "node_modules", "package.json"])
    cpSync(from(".next", "standalone", entry), path.join(out, entry), { recursive: true });
  cpSync(from(".next", "static"), path.join(out, ".next", "static"), { recursive: true });
  // serve.mjs's parser of the environment (scripts/env-bundle.mjs): written by `npm run build` beside the build.
  if (!existsSync(from(ENV_BUNDLE))) throw new Error(`No ${ENV_BUNDLE}: run \`npm run build\` (it bundles the env parser).`);
  cpSync(from(ENV_BUNDLE), path.join(out, ENV_BUNDLE));
  if (existsSync(from("public"))) cpSync(from("public"), path.join(out, "public"), { recursive: true });
  // Read at run time from disk (lib/db/open.ts, lib/sandbox/migrations.ts): copied whole, journal included.
  for (const dir of [
    ["lib", "db", "migrations"],
    ["lib", "sandbox", "migrations"],
  ]) {
    cpSync(from(...dir), path.join(out, ...dir), { recursive: true });
  }
  mkdirSync(path.join(out, "scripts"), { recursive: true });
  cpSync(from("scripts", "serve.mjs"), path.join(out, "scripts", "serve.mjs"));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = assembleStandalone(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`[standalone] ${path.relative(root, out) || out}: run it with \`node scripts/serve.mjs\` from that folder`);
}

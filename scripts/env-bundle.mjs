// Bundles lib/env-parse.ts (the entries of lib/env-schema.ts and zod with it) into one plain ES module,
// .next/portal-env.mjs, run after `next build`: scripts/serve.mjs runs as plain node (npm start, dist/portal, the
// image) and reads PORT, HOST, the mode and the proxy hops through this same parser instead of its own copy.
import { buildSync } from "esbuild";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const ENV_BUNDLE = path.join(".next", "portal-env.mjs");

/** Writes the bundle to `outfile` (default .next/portal-env.mjs) and answers its path. */
export function bundleEnv(outfile = path.join(root, ENV_BUNDLE)) {
  buildSync({
    entryPoints: [path.join(root, "lib", "env-parse.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    legalComments: "none",
    logLevel: "warning",
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`[env-bundle] ${path.relative(root, bundleEnv())}`);
}

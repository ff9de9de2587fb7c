import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Which Vitest project runs a test file (vitest.config.mts). "integration": the file imports a module that opens a
// database, a server or a child process (INTEGRATION_IMPORTS); "build": it scans the e2e build and runs in
// scripts/e2e.mjs right after it; "unit": the rest, the fast set of `npm run check`. `npm test` runs all three.

export const TEST_ROOTS = ["app", "components", "lib", "scripts", "bench"];
export const TEST_FILE = /\.test\.tsx?$/;
export const BUILD_TESTS = ["scripts/bundle-secrets.test.ts"];

/** A database (lib/db/open, lib/db/testing, the sandbox's), a test world, a loopback server, or a child process. */
export const INTEGRATION_IMPORTS = [
  "@/lib/db/open",
  "@/lib/db/testing",
  "@/lib/sandbox/testing/",
  "@/lib/applications/testing",
  "@/lib/issuer/testing/fake-upstream",
  "@/lib/sandbox/webhooks/test-receiver",
  "@/lib/mail/testing",
  "@/lib/events/testing",
  "@electric-sql/pglite",
  "node:child_process",
];

export function layerOf(file, source) {
  if (BUILD_TESTS.includes(file)) return "build";
  // Static and dynamic imports alike: `from "x"`, `import "x"`, `import("x")`.
  const imports = [...source.matchAll(/\b(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);
  return imports.some((name) => INTEGRATION_IMPORTS.some((prefix) => name.startsWith(prefix))) ? "integration" : "unit";
}

/** Every test file under the test roots, relative to `root`, in a stable order. */
export function testFiles(root) {
  return TEST_ROOTS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((name) => TEST_FILE.test(name) && !name.split(path.sep).includes("node_modules"))
      .map((name) => `${dir}/${name.split(path.sep).join("/")}`),
  ).sort();
}

export function testLayers(root) {
  const layers = { unit: [], integration: [], build: [] };
  for (const file of testFiles(root)) layers[layerOf(file, readFileSync(path.join(root, file), "utf8"))].push(file);
  return layers;
}

/** A file path as a glob that matches only itself: app/(portal)/... and [param] folders hold glob characters. */
export const literalGlob = (file) => file.replace(/[()[\]{}*?!+@]/g, "\\$&");

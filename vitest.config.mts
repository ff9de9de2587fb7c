import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { literalGlob, testLayers, type Layer } from "./test/layers.mjs";

const root = path.dirname(new URL(import.meta.url).pathname);
const layers = testLayers(root);
const project = (name: Layer, extra: TestProjectInlineConfiguration["test"] = {}): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include: layers[name].map(literalGlob), ...extra },
});

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // `server-only` throws outside React server bundles; tests run server code directly.
      { find: /^server-only$/, replacement: `${root}/test/empty-module.ts` },
    ],
  },
  test: {
    // Three projects by the rule of test/layers.ts: `vitest run` runs unit and integration, `npm run check` only unit
    // (--project unit); the bundle scan needs the e2e build, so scripts/e2e.mjs runs it after that (VITEST_BUILD_SCAN).
    projects: process.env.VITEST_BUILD_SCAN
      ? [project("build")]
      : [
          // Without isolation each worker imports a module once for all its files: the unit set in a quarter of the
          // CPU time. So a unit test leaves no global state behind (spies, env, timers); integration ones stay isolated.
          project("unit", { isolate: false }),
          project("integration", { globalSetup: ["./test/global-setup.ts"] }),
        ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker per core minus one: a single worker on these 2-core machines. Two take the
    // suite from about 276 s to 150 s; every integration test makes its own PGlite or Postgres database.
    maxWorkers: 2,
  },
});

import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // `server-only` throws outside React server bundles; tests run server code directly.
      { find: /^server-only$/, replacement: `${root}/test/empty-module.ts` },
    ],
  },
  test: {
    include: ["{app,components,lib,scripts,bench}/**/*.test.{ts,tsx}"],
    environment: "node",
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker per core minus one: a single worker on these 2-core machines. Two take the
    // suite from about 276 s to 150 s; every integration test makes its own PGlite or Postgres database.
    maxWorkers: 2,
  },
});

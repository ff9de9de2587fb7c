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
  },
});

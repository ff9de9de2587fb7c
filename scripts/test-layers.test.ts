import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { layerOf, testLayers } from "../test/layers.mjs";

// `npm run check` runs the unit project only; `npm test` must still run every test file: vitest's own list of the
// unit and integration projects, plus the build project scripts/e2e.mjs runs, is every *.test.ts(x) of the checkout.

const root = path.resolve(import.meta.dirname, "..");

/** The files Vitest would run, by project, as `vitest list` reports them (with `env` added). */
function vitestList(env: Record<string, string> = {}): Array<{ file: string; project: string }> {
  const clean = { ...process.env };
  for (const key of Object.keys(clean)) if (key.startsWith("VITEST")) delete clean[key];
  const result = spawnSync(path.join(root, "node_modules", ".bin", "vitest"), ["list", "--filesOnly", "--json"], {
    cwd: root,
    encoding: "utf8",
    env: { ...clean, ...env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" },
  });
  expect(result.status, result.stderr).toBe(0);
  const listed = JSON.parse(result.stdout) as Array<{ file: string; projectName: string }>;
  return listed.map((entry) => ({ file: path.relative(root, entry.file), project: entry.projectName }));
}

const gitTestFiles = () =>
  spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.test.ts", "*.test.tsx"], { cwd: root, encoding: "utf8" })
    .stdout.split("\n")
    .filter((file) => file && !file.startsWith("node_modules/"))
    .sort();

describe("the test layers", () => {
  it("npm test runs every test file of the checkout exactly once; npm run check the unit ones", () => {
    const run = [...vitestList(), ...vitestList({ VITEST_BUILD_SCAN: "1" })];
    const files = run.map((entry) => entry.file).sort();
    expect(files).toEqual(gitTestFiles());
    expect(new Set(files).size).toBe(files.length);
    const layers = testLayers(root);
    for (const project of ["unit", "integration", "build"] as const)
      expect(
        run
          .filter((entry) => entry.project === project)
          .map((entry) => entry.file)
          .sort(),
      ).toEqual(layers[project]);
    expect(layers.unit.length).toBeGreaterThan(40);
    expect(layers.integration.length).toBeGreaterThan(20);
  });

  it("a file that opens a database, a server or a process is integration; the bundle scan is build; the rest unit", () => {
    expect(layerOf("lib/a.test.ts", 'import { testEngines } from "@/lib/db/testing";\n')).toBe("integration");
    expect(layerOf("lib/a.test.ts", 'import {\n  startSandboxServer,\n} from "@/lib/sandbox/testing/http-server";')).toBe("integration");
    expect(layerOf("lib/a.test.ts", 'const { openDatabase } = await import("@/lib/db/open");')).toBe("integration");
    expect(layerOf("scripts/a.test.ts", 'import { spawnSync } from "node:child_process";')).toBe("integration");
    expect(layerOf("lib/a.test.ts", 'import { z } from "zod";\nimport type { DbHandle } from "@/lib/db/types";')).toBe("unit");
    expect(layerOf("scripts/bundle-secrets.test.ts", "")).toBe("build");
  });
});

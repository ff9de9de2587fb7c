import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = path.join(__dirname, "test-clock.mjs");

describe("scripts/test-clock.mjs", () => {
  it("refuses an offset faketime would misread, before running anything", () => {
    for (const offset of ["60d", "+60 days", "2027-01-01", "+d"]) {
      const run = spawnSync(process.execPath, [script, offset], { encoding: "utf8" });
      expect(run.status, offset).toBe(2);
      expect(run.stderr).toContain("e.g. +60d");
      expect(run.stdout).not.toContain("vitest with the clock");
    }
  });
});

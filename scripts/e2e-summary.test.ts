import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script of the repo, without type declarations
import { notPassed } from "./e2e-summary.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "e2e-summary-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const test = (projectName: string, status: string) => ({ projectName, status, results: [] });
// The shape of Playwright's JSON reporter (trimmed from a real report): file suite > describe > specs > tests per project.
const report = {
  config: { rootDir: path.join(dir, "e2e") },
  errors: [{ message: "\u001b[31mError: Timed out waiting 120000ms from config.webServer.\u001b[39m\nmore" }],
  suites: [
    {
      title: "home-phone.spec.ts",
      file: "home-phone.spec.ts",
      specs: [{ title: "top level", file: "home-phone.spec.ts", line: 3, tests: [test("phone", "flaky")] }],
      suites: [
        {
          title: "the home page on a phone, en",
          file: "home-phone.spec.ts",
          specs: [
            {
              title: "the header stays on one line",
              file: "home-phone.spec.ts",
              line: 11,
              tests: [test("desktop", "unexpected"), test("phone", "expected")],
            },
            { title: "skipped here", file: "home-phone.spec.ts", line: 30, tests: [test("desktop", "skipped")] },
          ],
        },
      ],
    },
  ],
};

describe("scripts/e2e-summary.mjs", () => {
  it("names each failed and flaky test with its project, file, line and titles, and errors outside tests", () => {
    const file = path.join(dir, "results.json");
    writeFileSync(file, JSON.stringify(report));
    expect(notPassed(file, dir)).toEqual([
      "ERROR Error: Timed out waiting 120000ms from config.webServer.",
      "flaky [phone] e2e/home-phone.spec.ts:3 › top level",
      "FAILED [desktop] e2e/home-phone.spec.ts:11 › the home page on a phone, en › the header stays on one line",
    ]);
  });

  it("says so when a pass left no report or a broken one, rather than staying silent", () => {
    expect(notPassed(path.join(dir, "missing.json"), dir)).toEqual(["no report at missing.json"]);
    writeFileSync(path.join(dir, "broken.json"), "{");
    expect(notPassed(path.join(dir, "broken.json"), dir)).toEqual(["unreadable report at broken.json"]);
  });

  it("is silent when everything passed", () => {
    const file = path.join(dir, "green.json");
    writeFileSync(file, JSON.stringify({ ...report, errors: [], suites: [] }));
    expect(notPassed(file, dir)).toEqual([]);
  });
});

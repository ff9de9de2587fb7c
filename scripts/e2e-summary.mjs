// Names what did not pass in a Playwright JSON report, so the e2e runner can repeat it at the very end of its
// output: CI keeps only the log's tail, and the shared pass's own summary scrolls away under the alone pass.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// The colour codes Playwright leaves in error messages.
const ansi = /\u001b\[[0-9;]*m/g;

/** One line per test that failed or passed only on retry, and per error outside any test; a missing report is a line too. */
export function notPassed(file, root = process.cwd()) {
  const where = path.relative(root, file);
  if (!existsSync(file)) return [`no report at ${where}`];
  let report;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return [`unreadable report at ${where}`];
  }
  const testDir = report.config?.rootDir ?? root;
  const lines = (report.errors ?? []).map(
    (error) =>
      `ERROR ${
        String(error.message ?? "")
          .replace(ansi, "")
          .split("\n")[0]
      }`,
  );
  const walk = (suite, titles) => {
    // The outermost suite is the file, named again by each spec's location.
    const here = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const run of spec.tests ?? [])
        if (run.status === "unexpected" || run.status === "flaky") {
          const at = `${path.relative(root, path.join(testDir, spec.file))}:${spec.line}`;
          lines.push(`${run.status === "flaky" ? "flaky" : "FAILED"} [${run.projectName}] ${at} › ${[...here, spec.title].join(" › ")}`);
        }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return lines;
}

// The suite's findings: each check passes or fails with its figures; the run fails when any check does.

export class Report {
  constructor() {
    this.results = [];
    this.figures = [];
  }

  /** Records a check; `detail` says what was counted (and, on failure, what went wrong). */
  check(name, ok, detail = "") {
    this.results.push({ name, ok: Boolean(ok), detail });
    console.log(`  ${ok ? "ok  " : "FAIL"} ${name}${detail ? `: ${detail}` : ""}`);
  }

  figure(name, value) {
    this.figures.push([name, value]);
  }

  get failed() {
    return this.results.filter((r) => !r.ok);
  }

  print(seconds) {
    console.log("\n=== reliability summary ===");
    for (const [name, value] of this.figures) console.log(`  ${name}: ${value}`);
    const failed = this.failed;
    console.log(`  checks: ${this.results.length - failed.length} passed, ${failed.length} failed, in ${seconds.toFixed(0)} s`);
    for (const f of failed) console.log(`  FAILED ${f.name}: ${f.detail}`);
  }
}

/** Counts of statuses as "200×812 503×40". */
export const formatStatuses = (statuses) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status || "conn"}×${count}`)
    .join(" ");

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sourceFingerprint } from "./build-if-needed.mjs";

// The build is reused while the fingerprint holds: every file that goes into the build must move it (proxy.ts,
// the CSP, once did not), and nothing else may (tests, the e2e suite, docs), or every spec edit would rebuild.

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function checkout(files: Record<string, string>): { dir: string; write: (file: string, text: string) => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "fingerprint-"));
  dirs.push(dir);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  for (const [file, text] of Object.entries(files)) write(file, text);
  return { dir, write };
}

const FILES = {
  "app/page.tsx": "export default function Page() {}\n",
  "proxy.ts": "export const csp = \"default-src 'self'\";\n",
  "lib/a.ts": "export const a = 1;\n",
  "lib/a.test.ts": "it('a', () => {});\n",
  "e2e/flow.spec.ts": "test('flow', () => {});\n",
  "docs/architecture.md": "# Architecture\n",
  "node_modules/x/index.js": "module.exports = 1;\n",
};

describe.each([
  ["a plain folder (walked)", false],
  ["a git checkout (git's file list)", true],
])("sourceFingerprint of %s", (_name, git) => {
  function make() {
    const made = checkout({ ...FILES, ".gitignore": "node_modules/\n" });
    if (git)
      for (const args of [
        ["init", "-q"],
        ["add", "."],
      ])
        spawnSync("git", args, { cwd: made.dir });
    return made;
  }

  it("moves with any file that goes into the build, proxy.ts and new files included", () => {
    const { dir, write } = make();
    const before = sourceFingerprint(dir);
    write("proxy.ts", "export const csp = \"default-src 'none'\";\n");
    expect(sourceFingerprint(dir)).not.toBe(before);
    write("proxy.ts", FILES["proxy.ts"]);
    expect(sourceFingerprint(dir)).toBe(before);
    write("instrumentation-client.ts", "export {};\n");
    expect(sourceFingerprint(dir)).not.toBe(before);
  });

  it("stays put when only tests, e2e specs, docs or dependencies' folders change", () => {
    const { dir, write } = make();
    const before = sourceFingerprint(dir);
    write("lib/a.test.ts", "it('b', () => {});\n");
    write("e2e/flow.spec.ts", "test('other', () => {});\n");
    write("docs/architecture.md", "# Changed\n");
    write("node_modules/x/index.js", "module.exports = 2;\n");
    expect(sourceFingerprint(dir)).toBe(before);
  });
});

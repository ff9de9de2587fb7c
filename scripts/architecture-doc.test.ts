import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md's table of rooms names every folder of the checkout and every entry of lib/, components/
// and app/: a new area that no row explains fails here, as does a row left behind by a move.
const root = path.resolve(__dirname, "..");
const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
const rows = doc.split("\n").filter((line) => line.startsWith("| `"));
const named = new Set(rows.flatMap((row) => [...(row.split(" | ")[0] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "")));

const ignored = readFileSync(path.join(root, ".gitignore"), "utf8")
  .split("\n")
  .map((line) => line.trim().replace(/\/$/, ""))
  .filter((line) => line && !line.includes("*"));
const entries = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => !e.name.startsWith(".") && !ignored.includes(e.name))
    .map((e) => ({ path: dir ? `${dir}/${e.name}` : e.name, folder: e.isDirectory() }));
const isNamed = (entry: { path: string; folder: boolean }) => (entry.folder ? named.has(`${entry.path}/`) : named.has(entry.path));

describe("docs/architecture.md", () => {
  it("has a row for every top-level folder", () => {
    // A folder split into rows of its parts (lib/, components/) counts as named.
    const missing = entries("").filter((e) => e.folder && !isNamed(e) && ![...named].some((n) => n.startsWith(`${e.path}/`)));
    expect(missing.map((e) => e.path)).toEqual([]);
  });

  it("has a row for every folder and module of lib/, components/ and app/ (tests and styles aside)", () => {
    const source = (e: { path: string; folder: boolean }) => e.folder || /(?<!\.test)\.tsx?$/.test(e.path);
    const inside = ["lib", "components"].flatMap(entries).filter(source);
    const appFolders = entries("app").filter((e) => e.folder);
    const missing = [...inside, ...appFolders].filter((e) => !isNamed(e));
    expect(missing.map((e) => e.path)).toEqual([]);
  });

  it("names nothing that is not there", () => {
    const gone = [...named].filter((name) => !name.includes("*") && !existsSync(path.join(root, name)));
    expect(gone).toEqual([]);
  });
});

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A migration that has run somewhere must never change: a database that applied the old text would silently differ
// from one that applies the new. Each committed migration's SHA-256 is kept in migrations.lock.json; a change to the
// schema is a new migration (`npm run db:generate`), whose line is then added to the lock.

type Journal = { entries: Array<{ tag: string }> };
const LOCK_FILE = path.join(process.cwd(), "lib/db/migrations.lock.json");
const FOLDERS = ["lib/db/migrations", "lib/sandbox/migrations"];

const lock = JSON.parse(readFileSync(LOCK_FILE, "utf8")) as Record<string, string>;

function migrations(folder: string): Array<{ file: string; sha256: string }> {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;
  return journal.entries.map(({ tag }) => {
    const file = `${folder}/${tag}.sql`;
    return { file, sha256: createHash("sha256").update(readFileSync(file)).digest("hex") };
  });
}

describe.each(FOLDERS)("the committed migrations of %s", (folder) => {
  const found = migrations(folder);

  it("are each in the lock (a new one: add its line as this test prints it)", () => {
    const missing = found.filter((m) => !(m.file in lock)).map((m) => `"${m.file}": "${m.sha256}"`);
    expect(missing).toEqual([]);
  });

  it("were never edited after they were committed", () => {
    const edited = found.filter((m) => m.file in lock && lock[m.file] !== m.sha256).map((m) => m.file);
    expect(edited, "write a new migration instead of editing one that may have run").toEqual([]);
  });
});

it("locks no migration that is gone from its journal", () => {
  const known = new Set(FOLDERS.flatMap(migrations).map((m) => m.file));
  expect(Object.keys(lock).filter((file) => !known.has(file))).toEqual([]);
});

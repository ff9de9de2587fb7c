import "server-only";
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";

// PGlite writes its files through a WebAssembly file system that ignores the process's umask: the files of a new
// database come out 0666, some later ones 0644. The data folder is closed (0700), and on top of that every file
// in it is made 0600 and every folder 0700: at each start, each maintenance tick (for files created since) and
// when the process ends.

const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/** Tightens the modes under `dir` (itself included); answers how many entries it changed. Symbolic links are left alone. */
export function tightenModes(dir: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    let stat;
    try {
      stat = lstatSync(entry);
    } catch {
      return; // removed meanwhile (a recycled WAL segment)
    }
    const want = stat.isDirectory() ? FOLDER_MODE : stat.isFile() ? FILE_MODE : undefined;
    if (want !== undefined && (stat.mode & 0o777) !== want) {
      try {
        chmodSync(entry, want);
        changed++;
      } catch {
        // removed meanwhile
      }
    }
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return changed;
}

const guarded = new Set<string>();

/** Also when the process ends (a stop, a signal handled by the server): what PGlite wrote last is tightened too. */
export function tightenModesAtExit(dir: string): void {
  if (guarded.has(dir)) return;
  guarded.add(dir);
  process.once("exit", () => tightenModes(dir));
}

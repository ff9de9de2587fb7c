import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SourceFile } from "@/lib/i18n/key-check";

// The sources whose keys reach the screen: app, components and lib, without tests, test support and the
// catalogs themselves (which define keys rather than use them).

const SKIP = /(\.test\.tsx?$|\/testing\/|^lib\/i18n\/form-texts\/|^lib\/requirements\/(labels|error-keys)\.ts$|^lib\/i18n\/key-check)/;

export function portalSources(root: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !SKIP.test(rel)) out.push({ path: rel, text: readFileSync(path.join(root, rel), "utf8") });
    }
  };
  for (const dir of ["app", "components", "lib"]) walk(dir);
  return out;
}

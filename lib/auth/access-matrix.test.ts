import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN_PAGES, ADMIN_ROUTES } from "@/lib/auth/access-matrix";
import { can } from "@/lib/auth/roles";

// Every page under app/admin and every route under app/api/admin is in the declared matrix, and its code
// performs the check the matrix declares: a new page or route without one fails here.

const root = process.cwd();

function files(dir: string, name: string): string[] {
  const full = path.join(root, dir);
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === name)
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** app/admin/(x)/applications/[id]/page.tsx -> /admin/applications/[id] (route groups and private folders left out). */
const urlOf = (file: string) =>
  "/" +
  path
    .dirname(file)
    .split(path.sep)
    .slice(1)
    .filter((s) => !/^\(.*\)$/.test(s))
    .join("/");

describe("the staff area's access matrix", () => {
  it("lists every page, and each page checks the declared capability", () => {
    const pages = files("app/admin", "page.tsx").filter((f) => !f.split(path.sep).some((s) => s.startsWith("_")));
    expect(pages.map(urlOf).sort()).toEqual(Object.keys(ADMIN_PAGES).sort());
    for (const file of pages) {
      const access = ADMIN_PAGES[urlOf(file)];
      const source = readFileSync(path.join(root, file), "utf8");
      if (access === "public") expect(source, file).not.toMatch(/requireStaffPage\(/);
      else expect(source, file).toContain(`requireStaffPage("${access}")`);
    }
  });

  it("lists every route and method, and each checks the declared capability", () => {
    const declared = new Set(Object.keys(ADMIN_ROUTES));
    const found: string[] = [];
    for (const file of files("app/api/admin", "route.ts")) {
      const source = readFileSync(path.join(root, file), "utf8");
      for (const [, method, wrapper] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = (\w+)\(/g)) {
        const key = `${method} ${urlOf(file)}`;
        found.push(key);
        expect(wrapper, `${key} must go through staffRoute`).toBe("staffRoute");
        expect(source, key).toMatch(new RegExp(`export const ${method} = staffRoute\\(\\s*"${ADMIN_ROUTES[key]}"`));
      }
      expect(source, `${file} exports handlers only through "export const METHOD = staffRoute(...)"`).not.toMatch(
        /export (async )?function (GET|POST|PUT|PATCH|DELETE)/,
      );
    }
    expect(found.sort()).toEqual([...declared].sort());
  });

  // One export rule (issue #27, item 11): a download leaves the portal's masking and audit of each view, so it
  // needs the "export" capability (one applicant's own file: "privacy"), which viewers do not have.
  it("gives every download its own capability, and viewers none", () => {
    const downloads = Object.entries(ADMIN_ROUTES).filter(([key]) => key.endsWith("/export"));
    expect(downloads.map(([key]) => key).sort()).toEqual([
      "GET /api/admin/applications/[id]/export",
      "GET /api/admin/applications/export",
      "GET /api/admin/audit/export",
      "GET /api/admin/transactions/export",
    ]);
    for (const [key, access] of downloads) expect(["export", "privacy"], key).toContain(access);
    expect(can("viewer", "export")).toBe(false);
    expect(can("agent", "export") && can("admin", "export")).toBe(true);
  });
});

import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientCatalog } from "@/lib/i18n/client-catalog";

const root = path.resolve(__dirname, "../..");

/** The repo file an `@/` import names, or undefined for a package. */
function resolve(spec: string): string | undefined {
  if (!spec.startsWith("@/")) return undefined;
  const base = path.join(root, spec.slice(2));
  return [".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((file) => existsSync(file));
}

/** Every module (repo files and packages) a file pulls in at run time; `import type` brings nothing. */
function runtimeImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gms)) {
      const spec = m[1] as string;
      const next = resolve(spec);
      if (next) queue.push(next);
      else seen.add(spec);
    }
  }
  return seen;
}

function clientFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))
    .map((f) => path.join(root, dir, f))
    .filter((f) => readFileSync(f, "utf8").startsWith('"use client"'));
}

describe("client catalog", () => {
  it("holds one language and no staff messages unless asked", () => {
    const zh = clientCatalog("zh-CN");
    expect(zh.messages.admin).toBeUndefined();
    expect(zh.messages.shell?.brand).not.toBe(clientCatalog("en").messages.shell?.brand);
    expect(clientCatalog("en", true).messages.admin).toBeDefined();
    expect(zh.texts["errors.field.required"]).not.toBe(clientCatalog("en").texts["errors.field.required"]);
  });

  // A value import of a catalog module from a cardholder client component ships every language (and the
  // staff area's messages) to the browser: the text comes through I18nProvider instead.
  it("is the only way catalogs reach cardholder client components", () => {
    const files = [...clientFiles("components/apply"), ...clientFiles("components/i18n"), ...clientFiles("components/ui")];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const reached = [...runtimeImports(file)].map((f) => path.relative(root, f));
      expect(
        reached.filter((f) => /^lib\/i18n\/(catalogs|messages\/|form-texts\/)/.test(f)),
        file,
      ).toEqual([]);
    }
  });

  // The step form fetches its validation (zod, the schema, phone metadata) after the page: components/apply/use-lazy-resolver.ts.
  // This reads the import graph; what the browser really loads first is the e2e suite's to see.
  it("has no static import chain from the home page's, a form step's, the review, verify or status page's components to zod, the phone metadata or the form resolvers", () => {
    const pages = ["product-chooser", "review-submit", "step-form", "field-control", "document-field", "status-tracker", "verify-actions"];
    for (const file of pages.map((name) => `components/apply/${name}.tsx`)) {
      expect(
        [...runtimeImports(path.join(root, file))].filter((f) => /^(zod|libphonenumber-js|@hookform\/resolvers)(\/|$)/.test(f)),
        file,
      ).toEqual([]);
    }
  });
});

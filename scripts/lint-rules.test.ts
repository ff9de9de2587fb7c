import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The house rules of eslint.config.mjs, tried on snippets placed where they would live: a rule that stops
// matching (a renamed folder, a pattern that misses the bare barrel) fails here rather than silently.

const PROMISE_RULES = { "@typescript-eslint/no-floating-promises": "off", "@typescript-eslint/no-misused-promises": "off" } as const;
// The snippets' files do not exist, which the type-aware rules need: those are tried on real files below.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } }, rules: PROMISE_RULES },
});
const typed = new ESLint({ cwd: process.cwd() });

async function rulesHit(filePath: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? "parse-error");
}

const IMPORTS = "@typescript-eslint/no-restricted-imports";

describe("the rooms of the house, as lint rules", () => {
  it.each([
    ["app/(portal)/x/page.tsx", 'import { getDb } from "@/lib/db";\nexport const a = getDb;\n'],
    ["app/(portal)/x/page.tsx", 'import { findApplication } from "@/lib/db/applications";\nexport const a = findApplication;\n'],
    ["app/api/x/route.ts", 'import { sql } from "drizzle-orm";\nexport const a = sql;\n'],
    ["app/api/x/route.ts", 'import { getIssuer } from "@/lib/issuer";\nexport const a = getIssuer;\n'],
    ["app/api/x/route.ts", 'import { runSandboxCall } from "@/lib/sandbox/pipeline";\nexport const a = runSandboxCall;\n'],
    ["components/apply/x.tsx", 'import { setLocale } from "@/app/actions/locale";\nexport const a = setLocale;\n'],
    ["components/apply/x.tsx", 'import { getEnv } from "@/lib/env";\nexport const a = getEnv;\n'],
    ["components/ui/x.tsx", 'import { valueAt } from "@/lib/dotted-paths";\nexport const a = valueAt;\n'],
    ["lib/applications/x.ts", 'import { getFaults } from "@/lib/sandbox/faults";\nexport const a = getFaults;\n'],
    ["lib/sandbox/x.ts", 'import { move } from "@/lib/applications/transition";\nexport const a = move;\n'],
    ["lib/auth/x.ts", 'import { listStaff } from "@/lib/admin/staff/accounts";\nexport const a = listStaff;\n'],
    ["lib/db/x.ts", 'import { isFinal } from "@/lib/applications/state-machine";\nexport const a = isFinal;\n'],
    ["lib/db/x.ts", 'import type { Staff } from "@/lib/auth/current-staff";\nexport type A = Staff;\n'],
    ["lib/db/schema/x.ts", 'import { clearDataOf } from "@/lib/webhooks/clear-fields";\nexport const a = clearDataOf;\n'],
  ])("refuses the import in %s: %s", async (file, code) => {
    expect(await rulesHit(file, code)).toContain(IMPORTS);
  });

  it.each([
    ["app/api/x/route.ts", 'import type { IssuerProduct } from "@/lib/issuer/types";\nexport type A = IssuerProduct;\n'],
    ["lib/startup.ts", 'import { migrateSandbox } from "@/lib/sandbox/migrations";\nexport const a = migrateSandbox;\n'],
    [
      "lib/applications/x.test.ts",
      'import { openSandboxDatabase } from "@/lib/sandbox/testing/database";\nexport const a = openSandboxDatabase;\n',
    ],
    ["components/ui/x.tsx", 'import { cn } from "@/lib/utils";\nexport const a = cn;\n'],
    ["lib/auth/x.ts", 'import { recordStaffAction } from "@/lib/audit/record";\nexport const a = recordStaffAction;\n'],
    ["lib/db/x.ts", 'import { getEnv } from "@/lib/env";\nexport const a = getEnv;\n'],
    ["lib/db/x.test.ts", 'import { move } from "@/lib/applications/transition";\nexport const a = move;\n'],
  ])("allows %s: %s", async (file, code) => {
    expect(await rulesHit(file, code)).not.toContain(IMPORTS);
  });

  it("refuses a promise nobody awaits in server code (lib/, app/), by its type", async () => {
    const code = "export async function f() {}\nexport function g() {\n  f();\n}\nexport const h = [1].filter(async () => true);\n";
    for (const file of ["lib/dotted-paths.ts", "app/api/health/route.ts"]) {
      expect(await rulesHit(file, code, typed), file).toEqual(
        expect.arrayContaining(["@typescript-eslint/no-floating-promises", "@typescript-eslint/no-misused-promises"]),
      );
    }
    const handled = "export async function f() {}\nexport function g() {\n  void f();\n  f().catch(() => undefined);\n}\n";
    expect(await rulesHit("lib/dotted-paths.ts", handled, typed)).toEqual([]);
  });

  it("keeps lib/db free of the domain, tried on a real file of it", async () => {
    const file = "lib/db/retention.ts";
    const real = readFileSync(file, "utf8");
    expect(await rulesHit(file, real)).not.toContain(IMPORTS);
    const withDomain = `import { isFinal } from "@/lib/applications/state-machine";\nexport const b = isFinal;\n${real}`;
    expect(await rulesHit(file, withDomain)).toContain(IMPORTS);
  });

  it("keeps process.env in lib/env.ts and object URLs in the dropzone", async () => {
    expect(await rulesHit("lib/applications/x.ts", "export const a = process.env.PORT;\n")).toContain("no-restricted-properties");
    expect(await rulesHit("lib/env.ts", "export const a = process.env.PORT;\n")).not.toContain("no-restricted-properties");
    expect(await rulesHit("components/apply/x.tsx", "export const a = (f: File) => URL.createObjectURL(f);\n")).toContain(
      "no-restricted-properties",
    );
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARS } from "@/lib/env-schema";
import { renderEnvTable } from "@/lib/env-docs";

const readme = readFileSync(path.join(process.cwd(), "README.md"), "utf8");
const example = readFileSync(path.join(process.cwd(), ".env.example"), "utf8");

describe("configuration documentation", () => {
  it("README holds the table generated from lib/env-schema.ts (run `npm run env:docs` after a change)", () => {
    expect(readme).toContain(renderEnvTable());
  });

  it(".env.example names every variable", () => {
    for (const v of ENV_VARS) expect(example).toMatch(new RegExp(`^#? ?${v.name}=`, "m"));
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARS } from "@/lib/env-schema";
import { renderEnvExample, renderEnvTable } from "@/lib/env-docs";

const readme = readFileSync(path.join(process.cwd(), "docs/configuration.md"), "utf8");
const example = readFileSync(path.join(process.cwd(), ".env.example"), "utf8");

describe("configuration documentation", () => {
  it("docs/configuration.md holds the table generated from lib/env-schema.ts (run `npm run env:docs` after a change)", () => {
    expect(readme).toContain(renderEnvTable());
  });

  it(".env.example is the one generated from lib/env-schema.ts (run `npm run env:docs` after a change)", () => {
    expect(example).toBe(renderEnvExample());
  });

  it(".env.example names every variable once, secrets without a value", () => {
    for (const v of ENV_VARS) {
      const lines = example.split("\n").filter((line) => line.startsWith(`# ${v.name}=`));
      expect(lines, v.name).toHaveLength(1);
      if (v.secret) expect(lines[0], v.name).toBe(`# ${v.name}=`);
    }
  });
});

describe("docs/contract.md", () => {
  const contract = readFileSync(path.join(process.cwd(), "docs/contract.md"), "utf8");
  const rows = contract.split("\n").filter((line) => /^\| `[A-Z_]+`/.test(line));
  const named = (row: string) => [...(row.split(" | ")[0] ?? "").matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]);

  it("names every variable the portal reads", () => {
    const inContract = new Set(rows.flatMap(named));
    for (const v of ENV_VARS) expect(inContract, v.name).toContain(v.name);
  });

  it("marks as planned exactly the variables the portal does not read yet", () => {
    const read = new Set<string>(ENV_VARS.map((v) => v.name));
    for (const row of rows) {
      for (const name of named(row)) expect(row.includes("(planned", 0), `${name}: ${row}`).toBe(!read.has(name as string));
    }
  });
});

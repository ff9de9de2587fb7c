import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildDocument } from "@/lib/openapi/document";

const API = path.join(process.cwd(), "app/api");
/** Routes that are not the portal's own API: next-auth's endpoints (its own protocol). */
const NOT_DESCRIBED = new Set(["/api/auth/{nextauth}"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Every `METHOD /api/...` that a route file under app/api exports, with `[id]` written `{id}`. */
function routeOperations(): string[] {
  const found: string[] = [];
  for (const file of readdirSync(API, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("route.ts"))) {
    const route = `/api/${path.dirname(file)}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
    if (NOT_DESCRIBED.has(route)) continue;
    const source = readFileSync(path.join(API, file), "utf8");
    for (const method of METHODS)
      if (new RegExp(`export const ${method}\\b|export async function ${method}\\b`).test(source)) found.push(`${method} ${route}`);
  }
  return found.sort();
}

const validate = (document: unknown) => new Validator().validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);

describe("the OpenAPI document", () => {
  const document = buildDocument("http://localhost:3000");

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("the validator refuses a broken document (a parameter in a place OpenAPI does not know)", async () => {
    const broken = structuredClone(document);
    const parameter = broken.paths?.["/api/applications/{id}"]?.get?.parameters?.[0] as { in?: string } | undefined;
    expect(parameter?.in).toBe("path");
    if (parameter) parameter.in = "body";
    expect((await validate(broken)).valid).toBe(false);
  });

  it("describes every route of app/api, and nothing that is not one", () => {
    const described = Object.entries(document.paths ?? {})
      .flatMap(([route, item]) => METHODS.filter((m) => m.toLowerCase() in item).map((m) => `${m} ${route}`))
      .sort();
    expect(described).toEqual(routeOperations());
  });

  it("files every operation under a declared tag (the reference page's sections)", () => {
    const declared = (document.tags ?? []).map((t) => t.name);
    const used = Object.values(document.paths ?? {}).flatMap((item) =>
      METHODS.flatMap((m) => (item as Record<string, { tags?: string[] } | undefined>)[m.toLowerCase()]?.tags ?? []),
    );
    expect([...new Set(used)].filter((tag) => !declared.includes(tag))).toEqual([]);
  });

  it("answers JSON objects that allow no member the schema does not name", () => {
    const application = document.components?.schemas?.Application as { additionalProperties?: unknown } | undefined;
    expect(application?.additionalProperties).toBe(false);
  });
});

import type { OpenApiDocument } from "@/lib/openapi/document";

// The OpenAPI document read as the reference page shows it (/docs/api): operations grouped by tag, in the
// document's order, each with its parameters, body and answers; schemas stay JSON Schema for SchemaView.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
};

export type Media = { type: string; schema?: JsonSchema };
export type Parameter = { name: string; in: string; required: boolean; description?: string; schema?: JsonSchema };
export type Answer = { status: string; description: string; media: Media[] };
export type ReferenceOperation = {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  security: string[];
  parameters: Parameter[];
  body?: Media[];
  answers: Answer[];
};
export type ReferenceSection = { tag: string; description?: string; anchor: string; operations: ReferenceOperation[] };

type RawOperation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, unknown>>;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
export const anchorOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const mediaOf = (content: Record<string, { schema?: JsonSchema }> = {}): Media[] =>
  Object.entries(content).map(([type, m]) => ({ type, schema: m.schema }));

export function referenceSections(document: OpenApiDocument): ReferenceSection[] {
  const tags = (document.tags ?? []).map((t) => ({ tag: t.name, description: t.description, anchor: anchorOf(t.name), operations: [] }));
  const sections = new Map<string, ReferenceSection>(tags.map((s) => [s.tag, s]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const raw = (item as Record<string, RawOperation | undefined>)[method];
      if (!raw) continue;
      const tag = raw.tags?.[0] ?? "Other";
      if (!sections.has(tag)) sections.set(tag, { tag, anchor: anchorOf(tag), operations: [] });
      sections.get(tag)?.operations.push({
        anchor: anchorOf(`${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: raw.summary ?? "",
        description: raw.description,
        security: (raw.security ?? []).flatMap((s) => Object.keys(s)),
        parameters: raw.parameters ?? [],
        body: raw.requestBody ? mediaOf(raw.requestBody.content) : undefined,
        answers: Object.entries(raw.responses ?? {}).map(([status, r]) => ({
          status,
          description: r.description ?? "",
          media: mediaOf(r.content),
        })),
      });
    }
  }
  return [...sections.values()].filter((s) => s.operations.length > 0);
}

/** The named schemas (components.schemas), for the references the operations make. */
export const namedSchemas = (document: OpenApiDocument): Array<[string, JsonSchema]> =>
  Object.entries((document.components?.schemas ?? {}) as Record<string, JsonSchema>);

export type SecurityScheme = { name: string; in?: string; description?: string; key: string };
export const securitySchemes = (document: OpenApiDocument): SecurityScheme[] =>
  Object.entries((document.components?.securitySchemes ?? {}) as Record<string, { name?: string; in?: string; description?: string }>).map(
    ([key, s]) => ({ key, name: s.name ?? key, in: s.in, description: s.description }),
  );

import { InlineText } from "@/components/api-reference/inline-text";
import type { JsonSchema } from "@/lib/openapi/reference-model";

// A JSON Schema as a readable nested list: each member with its type, whether it is required, its rules and its
// description; a named schema is a link to its entry under "Schemas".

export type SchemaLabels = { required: string; optional: string; oneOf: string; arrayOf: string; anyValue: string; values: string };

const refName = (ref: string) => ref.split("/").pop() ?? ref;
export const schemaAnchor = (name: string) => `schema-${name.toLowerCase()}`;

function typeText(schema: JsonSchema, labels: SchemaLabels): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array" && schema.items)
    return `${labels.arrayOf} ${schema.items.$ref ? refName(schema.items.$ref) : typeText(schema.items, labels)}`;
  return [type ?? labels.anyValue, schema.format].filter(Boolean).join(", ");
}

function rulesOf(schema: JsonSchema, labels: SchemaLabels): string[] {
  const rules: string[] = [];
  if (schema.enum) rules.push(`${labels.values} ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    rules.push(`${schema.minLength ?? 0}–${schema.maxLength ?? "∞"} chars`);
  if (schema.maxItems !== undefined) rules.push(`≤ ${schema.maxItems} items`);
  if (schema.pattern && schema.pattern.length <= 60) rules.push(`/${schema.pattern}/`);
  if (schema.default !== undefined) rules.push(`= ${JSON.stringify(schema.default)}`);
  return rules;
}

type Props = { schema: JsonSchema; labels: SchemaLabels; depth?: number; nullable?: boolean };

export function SchemaView({ schema, labels, depth = 0, nullable = false }: Props) {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <span className="font-mono text-sm">
        <a href={`#${schemaAnchor(name)}`}>{name}</a>
        {nullable && " | null"}
      </span>
    );
  }
  const variants = schema.anyOf ?? schema.oneOf;
  // zod writes a nullable member as anyOf [the type, null]: shown as "type | null", with the rest of what it says.
  const other = variants?.length === 2 ? variants.find((v) => v.type !== "null") : undefined;
  if (other && variants?.some((v) => v.type === "null")) {
    return (
      <SchemaView schema={{ ...other, description: schema.description ?? other.description }} labels={labels} depth={depth} nullable />
    );
  }
  if (variants) {
    // What the alternatives share (a default, a description: a form's text or a number, say) is said once, above them.
    return (
      <div className="text-sm">
        <span className="text-fg-muted">{labels.oneOf}</span>
        {schema.default !== undefined && <span className="ml-2 text-fg-muted">{`= ${JSON.stringify(schema.default)}`}</span>}
        {schema.description && (
          <p className="mt-1">
            <InlineText text={schema.description} />
          </p>
        )}
        <ol className="mt-1 list-decimal space-y-2 pl-6">
          {variants.map((v, i) => (
            <li key={i}>
              <SchemaView schema={v} labels={labels} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  const members = schema.properties;
  const items = schema.type === "array" && schema.items && !schema.items.$ref && schema.items.properties ? schema.items : undefined;
  return (
    <div className="text-sm">
      <span className="font-mono text-fg-muted">
        {typeText(schema, labels)}
        {nullable && " | null"}
      </span>
      {rulesOf(schema, labels).length > 0 && <span className="ml-2 break-words text-fg-muted">{rulesOf(schema, labels).join("; ")}</span>}
      {schema.description && (
        <p className="mt-1">
          <InlineText text={schema.description} />
        </p>
      )}
      {members && Object.keys(members).length > 0 && depth < 6 && (
        <ul className="mt-2 space-y-2 border-l border-border pl-3">
          {Object.entries(members).map(([name, member]) => (
            <li key={name} className="min-w-0">
              <code className="break-all font-mono font-semibold">{name}</code>{" "}
              <span className="text-xs text-fg-muted">{schema.required?.includes(name) ? labels.required : labels.optional}</span>
              <div className="mt-1">
                <SchemaView schema={member} labels={labels} depth={depth + 1} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {items && depth < 6 && (
        <div className="mt-2 border-l border-border pl-3">
          <SchemaView schema={{ ...items, type: "object" }} labels={labels} depth={depth + 1} />
        </div>
      )}
    </div>
  );
}

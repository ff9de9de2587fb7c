import type { ZodOpenApiOverride } from "zod-openapi";

// A request's text that the route normalises before checking it (zod's `trim`, `overwrite`: a phone number's spaces,
// a country in lower case) is checked AFTER that: the pattern and the maximum length zod renders describe the
// normalised value, so a request the route takes (" ada@example.com ", "07700 900123") would fail them as written.
// For requests only (answers are what the route wrote), this keeps what JSON Schema can say of the typed text and
// moves the rest into the description: a document stricter than its route would be as false as a looser route.

type Tx = (value: string) => string;
type CheckDef = { check?: string; tx?: Tx };

const PROBES: [string, string][] = [
  ["  x  ", "x"],
  ["aB-1 2", "aB-1 2"],
];
/** `trim` alone: the typed text is the checked text with any spaces around it. */
const isTrim = (tx: Tx) => PROBES.every(([typed, checked]) => tx(typed) === checked);

const anchored = (pattern: string) => /^\^.*\$$/s.test(pattern) && !pattern.endsWith("\\$");

export const describeNormalisedInput: ZodOpenApiOverride = ({ jsonSchema, zodSchema, io }) => {
  if (io !== "input" || zodSchema._zod.def.type !== "string") return;
  const checks = (zodSchema._zod.def as { checks?: { _zod: { def: CheckDef } }[] }).checks ?? [];
  const overwrites = checks.flatMap((c) => (c._zod.def.check === "overwrite" && c._zod.def.tx ? [c._zod.def.tx] : []));
  if (overwrites.length === 0) return;
  const rules: string[] = [];
  const { pattern, maxLength } = jsonSchema;
  if (typeof pattern === "string") {
    if (overwrites.every(isTrim) && anchored(pattern)) jsonSchema.pattern = `^\\s*(?:${pattern.slice(1, -1)})\\s*$`;
    else {
      delete jsonSchema.pattern;
      rules.push(`matches \`${pattern}\``);
    }
  }
  if (typeof maxLength === "number") {
    delete jsonSchema.maxLength;
    rules.push(`at most ${maxLength} characters`);
  }
  if (rules.length === 0) return;
  const how = overwrites.every(isTrim)
    ? "after dropping the spaces around it"
    : "once normalised (spaces dropped, written forms compacted)";
  const said = typeof jsonSchema.description === "string" ? `${jsonSchema.description} ` : "";
  jsonSchema.description = `${said}Checked ${how}: ${rules.join(", ")}.`;
};

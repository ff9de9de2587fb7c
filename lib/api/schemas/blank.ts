import type { ZodOpenApiOverrideMeta } from "zod-openapi";

// A form's empty box: some fields take "" (or only spaces) as "not given" before their own checks. The OpenAPI
// document says so (`anyOf` the field's own schema and the blank), or it would refuse what the route accepts.

/** `.meta({ override: orBlank(...) })` on a field that reads a blank as not given. */
export const orBlank =
  (blank: { const: "" } | { pattern: string }): ZodOpenApiOverrideMeta =>
  ({ jsonSchema }) => {
    const own = { ...jsonSchema };
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key as keyof typeof jsonSchema];
    Object.assign(jsonSchema, { anyOf: [own, { type: "string", ...blank, description: "Blank: not given." }] });
  };

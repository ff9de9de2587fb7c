import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

// Checks real requests and answers against the OpenAPI document (JSON Schema 2020-12, as OpenAPI 3.1 is): the
// e2e API tests run every call through it, so a route that answers what its description does not say fails a test.
// No server-only imports: Playwright loads this file too.

type MediaTypes = Record<string, { schema?: unknown } | undefined>;
type Operation = { requestBody?: { content?: MediaTypes }; responses?: Record<string, { content?: MediaTypes } | undefined> };
type Document = { paths?: Record<string, Record<string, Operation | undefined> | undefined> };

const DOC_ID = "openapi.json";
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
const params = (template: string) => (template.match(/\{/g) ?? []).length;
const matcher = (template: string) => new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`);

export type AnswerChecker = ReturnType<typeof answerChecker>;

/** A checker over one document: `problems*` answer the disagreements, an empty list when request or answer fits. */
export function answerChecker(source: unknown) {
  const document = source as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema(source as object, DOC_ID);
  // Literal paths before templated ones: /api/applications/resume is not /api/applications/{id}.
  const templates = Object.keys(document.paths ?? {}).sort((a, b) => params(a) - params(b));
  const compiled = new Map<string, ValidateFunction>();

  const validatorAt = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: `${DOC_ID}#/${ref}` })));
    return validate;
  };
  const errorsOf = (validate: ValidateFunction, value: unknown, what: string) =>
    validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `${what}: ${e.instancePath || "(root)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);

  function operationOf(method: string, pathname: string) {
    const template = templates.find((t) => matcher(t).test(pathname));
    const operation = template ? document.paths?.[template]?.[method.toLowerCase()] : undefined;
    return template && operation ? { template, operation, at: pointer("paths", template, method.toLowerCase()) } : undefined;
  }

  return {
    /** The path template an address falls under, e.g. /api/applications/{id}. */
    templateOf: (pathname: string) => templates.find((t) => matcher(t).test(pathname)),

    problemsOfAnswer(method: string, pathname: string, status: number, contentType: string, body: unknown): string[] {
      const found = operationOf(method, pathname);
      if (!found) return [`${method} ${pathname} is not in the document`];
      const described = found.operation.responses?.[String(status)];
      if (!described) return [`${method} ${found.template} answered ${status}, which the document does not list`];
      const types = Object.keys(described.content ?? {});
      const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
      if (types.length > 0 && !types.includes(type) && !types.includes("application/octet-stream"))
        return [`${method} ${found.template} ${status} answered ${type}, the document says ${types.join(" or ")}`];
      if (type !== "application/json" || !described.content?.[type]?.schema) return [];
      const ref = `${found.at}/${pointer("responses", String(status), "content", type, "schema")}`;
      return errorsOf(validatorAt(ref), body, `${method} ${found.template} ${status}`);
    },

    /** A request body against the operation's schema for its media type (a multipart form as {part: text or file}). */
    problemsOfRequest(method: string, pathname: string, body: unknown, mediaType = "application/json"): string[] {
      const found = operationOf(method, pathname);
      if (!found) return [`${method} ${pathname} is not in the document`];
      if (!found.operation.requestBody?.content?.[mediaType]?.schema) return [`${method} ${found.template} takes no ${mediaType} body`];
      const ref = `${found.at}/${pointer("requestBody", "content", mediaType, "schema")}`;
      return errorsOf(validatorAt(ref), body, `${method} ${found.template} request`);
    },
  };
}

import type { z } from "zod";
import type { ZodObjectInput, ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { errorSchema } from "@/lib/api/schemas/common";

// One operation of the portal API described from the schemas its route uses (lib/api/schemas and the domain
// modules the routes import), with the error answers the route wrappers give (lib/api/route.ts, staff-route.ts).

export type Access = "public" | "applicant" | "staff" | "merchant";

export type OperationSpec = {
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  path?: ZodObjectInput;
  query?: ZodObjectInput;
  /** A JSON body (the route's `body`); `multipart` for the upload routes. */
  body?: z.ZodType;
  multipart?: z.ZodType;
  /** The JSON answer (the route's `answer`), or another media type's answer (a download). */
  answer?: z.ZodType;
  status?: 200 | 201 | 202;
  download?: { type: string; description: string };
  rateLimited?: boolean;
  /** The statuses this operation adds to those of its wrapper, each with why. */
  errors?: Partial<Record<ErrorStatus, string>>;
};

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 421 | 422 | 429 | 500 | 502 | 503;

const WRAPPER_ERRORS: Partial<Record<ErrorStatus, string>> = {
  421: "MISDIRECTED_REQUEST: the Host is not the portal's own.",
  500: "INTERNAL_ERROR: nothing internal is shown; nothing was lost.",
  503: "DATABASE_UNAVAILABLE or UPSTREAM_UNAVAILABLE, with Retry-After.",
};

const SECURITY = { applicant: "applicantBinding", staff: "staffSession", merchant: "merchantKey" } as const;

const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: errorSchema } } });

function errorsOf(spec: OperationSpec, method: string): Partial<Record<ErrorStatus, string>> {
  const errors: Partial<Record<ErrorStatus, string>> = { ...WRAPPER_ERRORS };
  if (method !== "get") errors[403] = "FORBIDDEN: a state-changing request from another origin (Origin or Sec-Fetch-Site).";
  if (spec.access === "staff") {
    errors[401] = "UNAUTHORIZED: no staff session.";
    errors[403] = "FORBIDDEN: the staff member's role lacks this capability, or another origin.";
  }
  if (spec.path) errors[404] = "NOT_FOUND: a malformed or unknown id.";
  if (spec.access === "merchant") {
    errors[401] = "UNAUTHORIZED: no key, or an unknown or revoked one (the same answer), with WWW-Authenticate: Bearer.";
    errors[403] = "FORBIDDEN: the key lacks the scope, or the request came from a browser (Origin or Sec-Fetch-Site).";
    errors[429] = "RATE_LIMITED: over the key's calls a minute, with Retry-After.";
  }
  if (spec.access === "applicant") {
    errors[404] = "NOT_FOUND: an unknown application, or this client does not hold it (the same answer).";
    errors[409] = "APPLICATION_MOVED (with movedTo) or INVALID_STATE.";
    errors[410] = "APPLICATION_ERASED: the applicant's data was erased.";
  }
  if (spec.body) {
    errors[400] = "BAD_REQUEST: the body is not JSON.";
    errors[413] = "PAYLOAD_TOO_LARGE.";
    errors[415] = "UNSUPPORTED_MEDIA_TYPE: JSON routes take application/json only.";
    errors[422] = "VALIDATION_ERROR with `fields`.";
  }
  if (spec.multipart) {
    errors[400] = "BAD_REQUEST: multipart data that cannot be read.";
    errors[413] = "PAYLOAD_TOO_LARGE: a document over 10 MB.";
    errors[415] = "UNSUPPORTED_MEDIA_TYPE: upload routes take multipart/form-data only.";
    errors[422] = "VALIDATION_ERROR with `fields`: a part missing or not valid (`file` among them).";
  }
  if (spec.rateLimited) errors[429] = "RATE_LIMITED, with Retry-After.";
  return { ...errors, ...spec.errors };
}

export function operation(method: string, spec: OperationSpec): ZodOpenApiOperationObject {
  const status = String(spec.status ?? 200) as "200";
  const ok = spec.download
    ? { description: spec.download.description, content: { [spec.download.type]: { schema: spec.answer ?? { type: "string" as const } } } }
    : { description: "Done.", ...(spec.answer ? { content: { "application/json": { schema: spec.answer } } } : {}) };
  const responses: ZodOpenApiResponsesObject = { [status]: ok };
  for (const [code, why] of Object.entries(errorsOf(spec, method))) responses[code as "400"] = errorAnswer(why);
  const requestParams = { ...(spec.path ? { path: spec.path } : {}), ...(spec.query ? { query: spec.query } : {}) };
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    security: spec.access === "public" ? [] : [{ [SECURITY[spec.access]]: [] }],
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(spec.body ? { requestBody: { required: true, content: { "application/json": { schema: spec.body } } } } : {}),
    ...(spec.multipart ? { requestBody: { required: true, content: { "multipart/form-data": { schema: spec.multipart } } } } : {}),
    responses,
  };
}

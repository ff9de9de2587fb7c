import { PORTAL_ERRORS, type errorBody, type FieldMessages, type PortalErrorCode } from "@/lib/errors";

// The one way the browser calls the portal's API: JSON in, the answer typed by the caller from the server's own
// types (type imports only, so no server code or zod reaches the bundle), and every failure one typed error.

/** What the browser adds to the portal's codes: no answer at all, or an answer that is not the portal's JSON. */
export type UpstreamFailure = { code: string; status: number; requestId: string };
/** APPLICATION_MOVED's `movedTo`: the kind of device that holds the application now, and since when (ISO). */
export type MovedTo = { device: string; since: string };
export type ClientErrorCode = "NETWORK" | "BAD_RESPONSE";
export type ApiErrorCode = PortalErrorCode | ClientErrorCode;
/** The portal's error shape, as `lib/errors.ts` writes it. */
export type ErrorBody = ReturnType<typeof errorBody>;

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** The HTTP status; 0 when nothing answered. */
    readonly status: number,
    readonly fields: FieldMessages = {},
    /** Seconds the portal asked to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
    /** The issuer's answer behind an UPSTREAM_* error: its code, HTTP status (0: none) and X-Request-Id. */
    readonly upstream?: UpstreamFailure,
    readonly movedTo?: MovedTo,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const isApiError = (error: unknown, code?: ApiErrorCode): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);

export type ApiRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as the JSON body; a request with a body is a POST unless `method` says otherwise. */
  json?: unknown;
  /** Sent as multipart instead (a file with its fields); the browser sets its content type. */
  form?: FormData;
  signal?: AbortSignal;
};

const isCode = (code: unknown): code is PortalErrorCode => typeof code === "string" && Object.hasOwn(PORTAL_ERRORS, code);
const isFields = (fields: unknown): fields is FieldMessages =>
  typeof fields === "object" && fields !== null && Object.values(fields).every((v) => typeof v === "string");

const isUpstream = (v: unknown): v is UpstreamFailure => {
  const u = v as Partial<UpstreamFailure> | null;
  return (
    typeof u === "object" && u !== null && typeof u.code === "string" && typeof u.status === "number" && typeof u.requestId === "string"
  );
};

const isMovedTo = (v: unknown): v is MovedTo => {
  const m = v as Partial<MovedTo> | null;
  return typeof m === "object" && m !== null && typeof m.device === "string" && typeof m.since === "string";
};

/** The error of a failed answer: the portal's shape read back, anything else BAD_RESPONSE with its status. */
export function errorOf(status: number, body: unknown, retryAfter: string | null): ApiError {
  const error = (body as Partial<ErrorBody> | null | undefined)?.error;
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  if (!error || !isCode(error.code) || typeof error.message !== "string")
    return new ApiError("BAD_RESPONSE", `The portal answered HTTP ${status}.`, status, {}, seconds);
  const fields = "fields" in error && isFields(error.fields) ? error.fields : {};
  const upstream = "upstream" in error && isUpstream(error.upstream) ? error.upstream : undefined;
  const movedTo = "movedTo" in error && isMovedTo(error.movedTo) ? error.movedTo : undefined;
  return new ApiError(error.code, error.message, status, fields, seconds, upstream, movedTo);
}

/** Calls a portal endpoint (same origin, so its cookies go along) and answers its JSON as `T`; throws ApiError. */
export async function callApi<T>(url: string, request: ApiRequest = {}): Promise<T> {
  const { json, form, signal } = request;
  const method = request.method ?? (json === undefined && form === undefined ? "GET" : "POST");
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      cache: "no-store",
      headers: form === undefined && json !== undefined ? { "content-type": "application/json" } : undefined,
      body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
      signal,
    });
  } catch (cause) {
    // A cancelled query stays a cancellation (TanStack Query recognises it); anything else is the network.
    if (signal?.aborted) throw cause;
    throw new ApiError("NETWORK", "The portal could not be reached.", 0);
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    if (signal?.aborted) throw new DOMException("Aborted", "AbortError");
    body = undefined;
  }
  if (!response.ok) throw errorOf(response.status, body, response.headers.get("retry-after"));
  if (body === undefined) throw new ApiError("BAD_RESPONSE", "The portal's answer was not JSON.", response.status);
  return body as T;
}

/** A mutation's or query's error as an ApiError: anything else thrown in the browser counts as BAD_RESPONSE. */
export const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError("BAD_RESPONSE", error instanceof Error ? error.message : String(error), 0);

/** What JSON makes of a server value: dates arrive as ISO strings. */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

/** The answer of a route that returns what `F` (its server function, imported as a type) resolves to. */
export type AnswerOf<F extends (...args: never[]) => unknown> = Json<Awaited<ReturnType<F>>>;

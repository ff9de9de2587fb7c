import "server-only";
import { NextResponse } from "next/server";
import { type z } from "zod";
import { portalNames, requireAllowedHost } from "@/lib/api/host-guard";
import { errorBody, isPortalError, PortalError } from "@/lib/errors";
import { requireSameOrigin } from "@/lib/http/origin";
import { API_HEADERS } from "@/lib/http/security-headers";
import { readBodyWithLimit } from "@/lib/http/read-body";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@/lib/db/unavailable";
import { isIssuerError } from "@/lib/issuer/errors";
import { log } from "@/lib/log";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { hitClient, rateLimited, type Limit } from "@/lib/security/rate-limit";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type HandlerInput<P, B> = { request: Request; params: P; body: B };

type RouteSpec<P, B, R> = {
  params?: z.ZodType<P>;
  /** JSON body schema (even `{}`: a JSON route refuses other content types); omit for multipart routes. */
  body?: z.ZodType<B>;
  bodyLimitBytes?: number;
  /** Counted per client address before the handler runs; over the limit answers 429 with Retry-After. */
  rateLimit?: Limit;
  /** The JSON answer's schema (lib/api/schemas): the handler must return its type, the OpenAPI document shows it. */
  answer?: z.ZodType<R>;
};

/** Answers are about one applicant: never kept by a browser or a shared cache, errors included; never sniffed. */
const NO_STORE = API_HEADERS;

/** A route's schemas may name any area's catalog keys (dotted words); a zod default becomes "errors.field.invalid". */
const catalogKey = (message: string) => /^[a-z][\w-]*(\.[\w-]+)+$/i.test(message);

async function readJson(request: Request, limit: number): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new PortalError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  const raw = await readBodyWithLimit(
    request,
    limit,
    () => new PortalError("PAYLOAD_TOO_LARGE", `The body is larger than ${limit} bytes.`),
  );
  const text = raw.toString("utf8");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new PortalError("BAD_REQUEST", "The body is not valid JSON.");
  }
}

/** A refusal in words: an unknown cardholder is not "the issuer is not answering" (issue #27). */
const upstreamRefusal = (code: string) =>
  code === "CARDHOLDER_NOT_FOUND"
    ? "The card issuer has no cardholder with this id (CARDHOLDER_NOT_FOUND)."
    : `The card issuer could not process this request (${code}).`;

/** Maps any failure to the portal's error shape; nothing internal (stack, SQL, upstream secret) leaks. */
export function errorResponse(error: unknown): Response {
  if (isPortalError(error)) {
    const headers = new Headers(NO_STORE);
    if (error.retryAfterSeconds) headers.set("retry-after", String(error.retryAfterSeconds));
    return NextResponse.json(errorBody(error.code, error.message, error.fields, error.details), { status: error.status, headers });
  }
  if (isIssuerError(error)) {
    log.warn("api.upstream_error", { code: error.code, status: error.httpStatus, request_id: error.requestId });
    const unavailable = error.retryable;
    const base = unavailable
      ? errorBody("UPSTREAM_UNAVAILABLE", "The card issuer is not answering right now. Please try again in a moment.")
      : errorBody("UPSTREAM_ERROR", upstreamRefusal(error.code));
    // What staff need to trace it with the issuer: its code, HTTP status and the X-Request-Id (no body, no secret).
    const body = { error: { ...base.error, upstream: { code: error.code, status: error.httpStatus, requestId: error.requestId } } };
    const headers = new Headers(NO_STORE);
    if (unavailable) headers.set("retry-after", String(error.retryAfterSeconds ?? 5));
    return NextResponse.json(body, { status: unavailable ? 503 : 502, headers });
  }
  if (isDatabaseUnavailable(error)) {
    log.warn("api.database_unavailable", { reason: error instanceof Error ? error.message : String(error) });
    const headers = new Headers(NO_STORE);
    headers.set("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
    const body = errorBody(
      "DATABASE_UNAVAILABLE",
      "The portal cannot reach its database right now. Nothing was lost; please try again in a moment.",
    );
    return NextResponse.json(body, { status: 503, headers });
  }
  log.error("api.internal_error", { reason: error instanceof Error ? error.message : String(error) });
  const body = errorBody("INTERNAL_ERROR", "Something went wrong on our side. Nothing was lost; please try again.");
  return NextResponse.json(body, { status: 500, headers: NO_STORE });
}

/** For the routes apiRoute does not wrap (next-auth, the webhook receiver, the sandbox): the Host check alone. */
export function withAllowedHost<A extends unknown[]>(handler: (request: Request, ...rest: A) => Promise<Response>) {
  return async (request: Request, ...rest: A): Promise<Response> => {
    try {
      requireAllowedHost(request);
    } catch (error) {
      return errorResponse(error);
    }
    return handler(request, ...rest);
  };
}

/**
 * One wrapper for every portal route: the portal's own Host (DNS rebinding), then a state-changing request must come
 * from the portal's own origin, the rate limit, validated params and body, JSON answers that are never cached, and
 * the one error shape.
 */
export function apiRoute<P = Record<string, never>, B = undefined, R = object>(
  spec: RouteSpec<P, B, R>,
  handler: (input: HandlerInput<P, B>) => Promise<Response | NoInfer<R>>,
) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      requireAllowedHost(request);
      requireSameOrigin(request, portalNames().origins);
      const limited = spec.rateLimit ? await hitClient(spec.rateLimit, request.headers) : { ok: true as const };
      if (!limited.ok) throw rateLimited(limited.retryAfterSeconds);
      const rawParams = (await context?.params) ?? {};
      const params = spec.params ? spec.params.safeParse(rawParams) : { success: true as const, data: rawParams as P };
      if (!params.success) throw new PortalError("NOT_FOUND", "Not found.");
      let body = undefined as B;
      if (spec.body) {
        const parsed = spec.body.safeParse(await readJson(request, spec.bodyLimitBytes ?? 64 * 1024));
        if (!parsed.success)
          throw new PortalError("VALIDATION_ERROR", "Some fields are not valid.", fieldErrorsFromZod(parsed.error, catalogKey));
        body = parsed.data;
      }
      const result = await handler({ request, params: params.data, body });
      if (!(result instanceof Response)) return NextResponse.json(result, { headers: NO_STORE });
      for (const [name, value] of Object.entries(API_HEADERS)) result.headers.set(name, value);
      return result;
    } catch (error) {
      return errorResponse(error);
    }
  };
}

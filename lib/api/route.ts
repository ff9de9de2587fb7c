import "server-only";
import { NextResponse } from "next/server";
import { type z } from "zod";
import { errorBody, isPortalError, PortalError } from "@/lib/errors";
import { readBodyWithLimit } from "@/lib/http/read-body";
import { isIssuerError } from "@/lib/issuer/errors";
import { log } from "@/lib/log";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type HandlerInput<P, B> = { request: Request; params: P; body: B };

type RouteSpec<P, B> = {
  params?: z.ZodType<P>;
  /** JSON body schema; omit for routes without a body or with multipart (read `request` yourself). */
  body?: z.ZodType<B>;
  bodyLimitBytes?: number;
};

const fieldsOf = (error: z.ZodError) => Object.fromEntries(error.issues.map((issue) => [issue.path.join(".") || "body", issue.message]));

async function readJson(request: Request, limit: number): Promise<unknown> {
  const raw = await readBodyWithLimit(
    request,
    limit,
    () => new PortalError("PAYLOAD_TOO_LARGE", `The body is larger than ${limit} bytes.`),
  );
  const text = raw.toString("utf8");
  if (!text.trim()) return {};
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json"))
    throw new PortalError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  try {
    return JSON.parse(text);
  } catch {
    throw new PortalError("BAD_REQUEST", "The body is not valid JSON.");
  }
}

/** Maps any failure to the portal's error shape; nothing internal (stack, SQL, upstream secret) leaks. */
export function errorResponse(error: unknown): Response {
  if (isPortalError(error)) return NextResponse.json(errorBody(error.code, error.message, error.fields), { status: error.status });
  if (isIssuerError(error)) {
    log.warn("api.upstream_error", { code: error.code, status: error.httpStatus, request_id: error.requestId });
    const unavailable = error.retryable;
    const code = unavailable ? "UPSTREAM_UNAVAILABLE" : "UPSTREAM_ERROR";
    const message = unavailable
      ? "The card issuer is not answering right now. Please try again in a moment."
      : "The card issuer could not process this request.";
    return NextResponse.json(errorBody(code, message), { status: unavailable ? 503 : 502 });
  }
  log.error("api.internal_error", { reason: error instanceof Error ? error.message : String(error) });
  return NextResponse.json(errorBody("INTERNAL_ERROR", "Something went wrong on our side. Nothing was lost; please try again."), {
    status: 500,
  });
}

/** One wrapper for every portal route: validated params and body, JSON answers, the error shape. */
export function apiRoute<P = Record<string, never>, B = undefined>(
  spec: RouteSpec<P, B>,
  handler: (input: HandlerInput<P, B>) => Promise<Response | object>,
) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const rawParams = context?.params ? await context.params : {};
      const params = spec.params ? spec.params.safeParse(rawParams) : { success: true as const, data: rawParams as P };
      if (!params.success) throw new PortalError("NOT_FOUND", "Not found.");
      let body = undefined as B;
      if (spec.body) {
        const parsed = spec.body.safeParse(await readJson(request, spec.bodyLimitBytes ?? 64 * 1024));
        if (!parsed.success) throw new PortalError("VALIDATION_ERROR", "Some fields are not valid.", fieldsOf(parsed.error));
        body = parsed.data;
      }
      const result = await handler({ request, params: params.data, body });
      return result instanceof Response ? result : NextResponse.json(result, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return errorResponse(error);
    }
  };
}

import "server-only";
import { NextResponse } from "next/server";
import { getEnv } from "@/lib/env";
import { portalNames } from "@/lib/api/host-guard";
import { errorResponse } from "@/lib/api/route";
import { isSameOrigin } from "@/lib/http/origin";
import { PortalError } from "@/lib/errors";
import { hitClient, type Limit } from "@/lib/security/rate-limit";

// The plain form posts of the cardholder pages (they work before and without JavaScript): refused when they
// come from another site; over their rate limit, the person is sent back to a page that says when to retry.

export type FormGate = { ok: true } | { ok: false; response: Response };

export async function gateFormPost(request: Request, limit: Limit, limitedPath: string): Promise<FormGate> {
  const appUrl = getEnv().appUrl;
  if (!isSameOrigin(request, portalNames().origins)) {
    return { ok: false, response: errorResponse(new PortalError("FORBIDDEN", "This form was not sent from the portal's own pages.")) };
  }
  // A lost database answers 503 with Retry-After in the portal's shape (errorResponse), never a 500.
  const result = await hitClient(limit, request.headers).catch((error: unknown) => errorResponse(error));
  if (result instanceof Response) return { ok: false, response: result };
  if (result.ok) return { ok: true };
  const target = new URL(limitedPath, appUrl);
  target.searchParams.set("retry", String(Math.ceil(result.retryAfterSeconds / 60)));
  return { ok: false, response: seeOther(target, { "retry-after": String(result.retryAfterSeconds) }) };
}

/** 303: the browser follows with a GET, so a reload never posts the form again. */
export function seeOther(url: URL, headers: Record<string, string> = {}): NextResponse {
  const response = NextResponse.redirect(url, 303);
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  response.headers.set("cache-control", "no-store");
  return response;
}

import "server-only";
import { getEnv } from "@/lib/env";
import { errorBody, PortalError } from "@/lib/errors";
import { allowedHosts, allowedOrigins, isAllowedHost, isHealthCheck, MISDIRECTED_MESSAGE } from "@/lib/http/host";
import { API_HEADERS } from "@/lib/http/security-headers";

// The app's own Host check, for `next start` and `next dev` (scripts/serve.mjs already refused these requests at
// its edge): the route wrappers and proxy.ts (pages) call it, and the origin check reads its list.

let names: { hosts: Set<string>; origins: Set<string> } | undefined;

/** The hosts and origins the portal answers to, from APP_URL and the mode only. */
export function portalNames(): { hosts: Set<string>; origins: Set<string> } {
  if (names) return names;
  const { appUrl, mode } = getEnv();
  return (names = { hosts: allowedHosts(appUrl, mode === "sandbox"), origins: allowedOrigins(appUrl, mode === "sandbox") });
}

const allowed = (request: Request) =>
  isHealthCheck(request.method, new URL(request.url).pathname) || isAllowedHost(request.headers.get("host"), portalNames().hosts);

/** 421 MISDIRECTED_REQUEST unless the request's Host is the portal's own (or it is a health check). */
export function requireAllowedHost(request: Request): void {
  if (!allowed(request)) throw new PortalError("MISDIRECTED_REQUEST", MISDIRECTED_MESSAGE);
}

/** The same check as an answer, for proxy.ts (which stays clear of the route wrapper and its database imports). */
export function hostRefusal(request: Request): Response | undefined {
  if (allowed(request)) return undefined;
  return Response.json(errorBody("MISDIRECTED_REQUEST", MISDIRECTED_MESSAGE), { status: 421, headers: API_HEADERS });
}

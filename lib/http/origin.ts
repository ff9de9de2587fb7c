import { PortalError } from "@/lib/errors";

// Cross-site request forgery: a state-changing request must come from the portal's own pages. Browsers say
// where a request comes from (Origin, Sec-Fetch-Site); a client that says nothing is not a browser page.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether the request may change state: same origin (one of `allowed`, built from APP_URL alone: never from Host
 * or X-Forwarded-*, which a rebound name controls), or no browser at all.
 */
export function isSameOrigin(request: Request, allowed: Set<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  return allowed.has(origin.toLowerCase());
}

export function requireSameOrigin(request: Request, allowed: Set<string>): void {
  if (!isSameOrigin(request, allowed)) {
    throw new PortalError("FORBIDDEN", "This request did not come from the portal's own pages, so it was refused.");
  }
}

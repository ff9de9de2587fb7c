import { PortalError } from "@/lib/errors";

// Cross-site request forgery: a state-changing request must come from the portal's own pages. Browsers say
// where a request comes from (Origin, Sec-Fetch-Site); a client that says nothing is not a browser page.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether the request may change state: same origin (APP_URL's, or the Host it was sent to), or no browser at all. */
export function isSameOrigin(request: Request, appUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  if (origin === "null") return false;
  const allowed = new Set([new URL(appUrl).origin]);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
    allowed.add(`${proto}://${host}`);
  }
  return allowed.has(origin);
}

export function requireSameOrigin(request: Request, appUrl: string): void {
  if (!isSameOrigin(request, appUrl)) {
    throw new PortalError("FORBIDDEN", "This request did not come from the portal's own pages, so it was refused.");
  }
}

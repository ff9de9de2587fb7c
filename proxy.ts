import { NextResponse, type NextRequest } from "next/server";
import { hostRefusal } from "@/lib/api/host-guard";
import { pageBodyRefusal } from "@/lib/http/page-body";
import { securityHeaders } from "@/lib/http/security-headers";

// Runs before every page and route: a fresh CSP nonce (Next puts it on its own scripts when the request carries
// the policy) and the security headers. Not an access check: every page and route checks access itself.

export async function proxy(request: NextRequest) {
  // DNS rebinding: pages answer to the portal's own names only (scripts/serve.mjs refuses the rest at its edge
  // already; this holds under `next start` and `next dev`).
  const refused = hostRefusal(request) ?? (await pageBodyRefusal(request));
  if (refused) return refused;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const headers = securityHeaders({
    pathname: request.nextUrl.pathname,
    nonce,
    // HSTS and upgrade-insecure-requests only when the public origin is https (APP_URL, read as lib/env does).
    // eslint-disable-next-line no-restricted-properties -- proxy.ts is bundled apart from lib/env (server-only)
    https: (process.env.APP_URL ?? "").trim().startsWith("https://"),
    // eslint-disable-next-line no-restricted-properties -- NODE_ENV is a build-time constant
    dev: process.env.NODE_ENV !== "production",
  });
  const forwarded = new Headers(request.headers);
  forwarded.set("x-nonce", nonce);
  // The page's own address, for the staff area's "sign in, then come back here" (lib/auth/current-staff.ts).
  forwarded.set("x-portal-path", `${request.nextUrl.pathname}${request.nextUrl.search}`.slice(0, 2048));
  forwarded.set("content-security-policy", headers["content-security-policy"] ?? "");
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only. Next's static files carry no applicant data; JSON routes set their own headers (lib/api/route.ts),
  // and a proxy in front of them would buffer every body (10 MB uploads, the webhook receiver's hot path, the sandbox's
  // event receiver).
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|api/|sandbox/api/|sandbox/simulate/|sandbox/events/receive).*)" }],
};

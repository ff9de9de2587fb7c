// The headers of every answer (proxy.ts sets them): a nonce-based Content-Security-Policy for pages, and the
// rest of the usual hardening. Pure, so that the policy is tested as a value.

export type HeaderInput = { pathname: string; nonce: string; https: boolean; dev: boolean };

/** Steps that ask for a document may use the camera (the "Take a photo" input); nothing else may. */
const DOCUMENT_STEP = /^\/apply\/[^/]+\/identity-document\/?$/;

export function contentSecurityPolicy({ pathname, nonce, https, dev }: HeaderInput): string {
  if (pathname.startsWith("/api/")) return "default-src 'none'; frame-ancestors 'none'";
  const directives = [
    "default-src 'self'",
    // Next's own scripts carry the nonce; 'strict-dynamic' lets them load their chunks. No 'unsafe-eval' outside dev.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes (e.g. the QR code's size) need 'unsafe-inline' for styles; scripts never do.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "object-src 'none'",
    // The HEIC decoder (libheif, fetched only for such a photo) runs in a worker made from a blob: URL. Every page
    // of an application may need it: the policy is the one of the page first loaded, kept across client navigation.
    ...(pathname.startsWith("/apply/") ? ["worker-src 'self' blob:"] : []),
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** What every JSON answer carries: no sniffing, nothing to frame or run, never cached. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
};

export function securityHeaders(input: HeaderInput): Record<string, string> {
  const camera = DOCUMENT_STEP.test(input.pathname) ? "camera=(self)" : "camera=()";
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(input),
    "x-content-type-options": "nosniff",
    // same-origin: resume tokens in /apply/resume/<token> never leave the site in a Referer. (no-referrer would make
    // Chromium send `Origin: null` on the portal's own form posts, which the origin check then refuses.)
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": `${camera}, microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()`,
  };
  if (input.https) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  // Applicant data is never kept by a browser or a shared cache (the API's answers say so themselves).
  if (input.pathname.startsWith("/apply/") || input.pathname.startsWith("/api/")) headers["cache-control"] = "no-store";
  return headers;
}

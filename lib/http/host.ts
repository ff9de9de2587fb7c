// DNS rebinding: a page of another site whose name is made to resolve to the portal's address talks to it as
// same-origin, with its own name in Host (and Origin). The portal answers only to APP_URL's host, plus, in sandbox
// mode (loopback by default), the loopback names on the same port; allowed origins come from that list alone,
// never from Host or X-Forwarded-*. scripts/serve.mjs applies the same rule to every request at its edge.

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** The Host header values the portal answers to, lower-cased (a default port may be written or not). */
export function allowedHosts(appUrl: string, sandbox: boolean): Set<string> {
  const url = new URL(appUrl);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const names = [url.hostname, ...(sandbox ? LOOPBACK_NAMES : [])];
  return new Set(names.flatMap((name) => [`${name}:${port}`, ...(url.port ? [] : [name])]).map((h) => h.toLowerCase()));
}

/** The origins a browser page of the portal sends (Origin never carries a default port). */
export function allowedOrigins(appUrl: string, sandbox: boolean): Set<string> {
  const url = new URL(appUrl);
  const hosts = [...allowedHosts(appUrl, sandbox)].filter((h) => url.port || !h.endsWith(url.protocol === "https:" ? ":443" : ":80"));
  return new Set(hosts.map((host) => `${url.protocol}//${host}`));
}

export const isAllowedHost = (host: string | null | undefined, allowed: Set<string>): boolean =>
  typeof host === "string" && allowed.has(host.trim().toLowerCase());

/** Health checks (a container's, a load balancer's) ask by address; the answer names the mode and nothing more. */
export const isHealthCheck = (method: string, pathname: string): boolean => ["GET", "HEAD"].includes(method) && pathname === "/api/health";

export const MISDIRECTED_MESSAGE = "This portal does not answer to that host name.";

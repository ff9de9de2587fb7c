/**
 * The client's address as scripts/serve.mjs decided it (from the socket, or TRUST_PROXY_HOPS entries of
 * X-Forwarded-For): whatever the client sent under that header name was overwritten there.
 */
export function clientIp(headers: Headers): string {
  const value = headers.get("x-portal-client-ip")?.trim();
  return value && value.length <= 64 ? value.replace(/^::ffff:/, "") : "unknown";
}

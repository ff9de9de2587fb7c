import { servedByEdge } from "@/lib/http/edge";

/**
 * The client's address as scripts/serve.mjs decided it (from the socket, or TRUST_PROXY_HOPS entries of
 * X-Forwarded-For): whatever the client sent under that header name was overwritten there. Served any other way
 * (`next start`, `next dev`) the header is the client's own word: every client is then "unknown", one shared count.
 */
export function clientIp(headers: Headers): string {
  const value = servedByEdge() ? headers.get("x-portal-client-ip")?.trim() : undefined;
  return value && value.length <= 64 ? value.replace(/^::ffff:/, "") : "unknown";
}

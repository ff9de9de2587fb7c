import { Webhook } from "standardwebhooks";

// How a merchant's receiver checks a post, done the way the merchant would (the standardwebhooks library), with the
// secrets of every endpoint pointing at the sandbox's receiver: the current one, then the previous one while its
// rotation overlap lasts. Done when the post arrives, so a later rotation does not change the verdict.

export const WEBHOOK_HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"] as const;

export type EndpointSecrets = { endpointId: string; current: string; previous: string | null };

export type Verification =
  | { ok: true; secret: "current" | "previous"; endpointId: string }
  | {
      ok: false;
      /** no endpoint points here; a header is missing; the timestamp is unreadable or over 5 minutes off; no secret's signature matches. */
      reason: "no_endpoint" | "missing_header" | "timestamp" | "mismatch";
      /** The missing headers, for "missing_header". */
      missing: string[];
    };

type Headers = Record<(typeof WEBHOOK_HEADERS)[number], string>;

/** "timestamp" when the library refused the time (the same for every secret), else "mismatch". */
function attempt(secret: string, body: string, headers: Headers): "ok" | "timestamp" | "mismatch" {
  try {
    new Webhook(secret).verify(body, headers, { jsonParse: false });
    return "ok";
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    return /timestamp|Invalid Signature Headers/i.test(message) ? "timestamp" : "mismatch";
  }
}

export function verifyArrival(body: string, headers: Headers, endpoints: readonly EndpointSecrets[]): Verification {
  const missing = WEBHOOK_HEADERS.filter((name) => !headers[name]);
  if (missing.length > 0) return { ok: false, reason: "missing_header", missing };
  if (endpoints.length === 0) return { ok: false, reason: "no_endpoint", missing: [] };
  for (const which of ["current", "previous"] as const) {
    for (const endpoint of endpoints) {
      const secret = endpoint[which];
      if (!secret) continue;
      const outcome = attempt(secret, body, headers);
      if (outcome === "ok") return { ok: true, secret: which, endpointId: endpoint.endpointId };
      if (outcome === "timestamp") return { ok: false, reason: "timestamp", missing: [] };
    }
  }
  return { ok: false, reason: "mismatch", missing: [] };
}

/** Whether an endpoint's URL is this receiver's: its path, on one of the portal's own host names. */
export function pointsHere(url: string, portalHosts: ReadonlySet<string>): boolean {
  try {
    const parsed = new URL(url);
    return parsed.pathname.replace(/\/+$/, "") === RECEIVER_PATH && portalHosts.has(parsed.host.toLowerCase());
  } catch {
    return false;
  }
}

export const RECEIVER_PATH = "/sandbox/events/receive";

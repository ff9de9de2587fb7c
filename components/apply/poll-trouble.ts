import { isApiError } from "@/lib/client/api";

/** Why the status page has no fresh answer, by whose side failed. */
export type PollTrouble = "offline" | "issuerSlow" | "issuerFailing" | "portal" | null;

/**
 * Whose side a failing poll is on: the person's device (no network: the query paused or nothing answered), the
 * card issuer (UPSTREAM_*: slow only after `slowAfterMs` of errors) or the portal (anything else).
 */
export function pollTrouble(paused: boolean, error: unknown, failingForMs: number, slowAfterMs: number): PollTrouble {
  if (paused || isApiError(error, "NETWORK")) return "offline";
  if (!error) return null;
  if (isApiError(error, "UPSTREAM_UNAVAILABLE") || isApiError(error, "UPSTREAM_ERROR"))
    return failingForMs >= slowAfterMs ? "issuerSlow" : "issuerFailing";
  return "portal";
}

import { ISSUER_CODES, IssuerError } from "@/lib/issuer/errors";

// The hosted identity check is on the issuer's side, so its link arrives from the upstream (the kycLink answer
// or a webhook). Only an https link on a known host is stored and shown: a forged or altered link must never
// send an applicant to a look-alike page that asks for their documents.

export type KycLinkPolicy = { hosts: string[]; httpOnLoopback: boolean };

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isAllowedKycUrl(raw: string, policy: KycLinkPolicy): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const known = policy.hosts.includes(url.host.toLowerCase()) || policy.hosts.includes(url.hostname.toLowerCase());
  if (!known) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && policy.httpOnLoopback && LOOPBACK.has(url.hostname));
}

/** The link of a kycLink answer, or BAD_UPSTREAM_RESPONSE (the portal stores and shows nothing else). */
export function requireAllowedKycUrl(raw: string, policy: KycLinkPolicy, requestId = ""): string {
  if (isAllowedKycUrl(raw, policy)) return raw;
  throw new IssuerError(
    ISSUER_CODES.badEnvelope,
    "The issuer answered an identity-check link on a host the portal does not trust.",
    200,
    requestId,
  );
}

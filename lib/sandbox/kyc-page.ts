import "server-only";
import { getDb } from "@/lib/db";
import type { Database } from "@/lib/db/types";
import { getSandboxConfig } from "@/lib/sandbox/config";
import { decideKyc, startKycReview, type LifecycleDeps } from "@/lib/sandbox/lifecycle";
import { findCardholder } from "@/lib/sandbox/store/cardholders";
import { findKycLink } from "@/lib/sandbox/store/kyc-links";

// The hosted KYC page of the simulated verification provider (docs/contract.md "Sandbox"): what the page
// shows for a link token, and the person's Approve / Reject choice.

export type KycPageDecision = "approve" | "reject";
export type KycPageState =
  | { kind: "unknown" }
  | { kind: "expired" }
  | { kind: "decided"; decision: "approved" | "rejected" }
  | { kind: "open"; cardholderName: string; expiresAt: Date };
export type KycPageDeps = LifecycleDeps;

const MAX_RETURN_URL_LENGTH = 2048;

/** Tests inject their database and clock; the app uses the process's database and config. */
async function resolveDeps(deps: KycPageDeps | undefined): Promise<KycPageDeps> {
  if (deps) return deps;
  const config = getSandboxConfig();
  return { db: await getDb(), now: new Date(), approvalDelayMs: config.approvalDelayMs, appUrl: config.appUrl };
}

function nameOf(fields: Record<string, unknown>): string {
  const part = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  return [part(fields.first_name), part(fields.last_name)].filter(Boolean).join(" ");
}

async function readState(db: Database, token: string, now: Date): Promise<KycPageState> {
  const link = await findKycLink(db, token);
  if (!link) return { kind: "unknown" };
  // A decision is final: it is shown even once the link's time is up.
  if (link.reviewStatus === "approved" || link.reviewStatus === "rejected") return { kind: "decided", decision: link.reviewStatus };
  if (link.reviewStatus === "expired" || link.expiresAt <= now) return { kind: "expired" };
  const cardholder = await findCardholder(db, link.cardholderId);
  if (!cardholder) return { kind: "unknown" };
  return { kind: "open", cardholderName: nameOf(cardholder.fields), expiresAt: link.expiresAt };
}

/** What the hosted page shows for `token` at `now`; reads only. */
export async function getKycPageState(token: string, now: Date, deps?: Pick<KycPageDeps, "db">): Promise<KycPageState> {
  return readState(deps?.db ?? (await getDb()), token, now);
}

/** The person opened the page: an open link goes under review (KYC PENDING). */
export async function openKycPage(token: string, deps?: KycPageDeps): Promise<KycPageState> {
  const d = await resolveDeps(deps);
  const state = await readState(d.db, token, d.now);
  if (state.kind === "open") await startKycReview(d, token);
  return state;
}

/** Applies the person's choice if the link is still open; otherwise nothing changes. Returns the new state. */
export async function decideFromKycPage(token: string, decision: KycPageDecision, deps?: KycPageDeps): Promise<KycPageState> {
  const d = await resolveDeps(deps);
  return d.db.transaction(async (tx) => {
    const link = await findKycLink(tx, token);
    if (!link) return { kind: "unknown" };
    // The cardholder lock serialises two clicks: the second re-reads the link after the first committed.
    await findCardholder(tx, link.cardholderId, true);
    const state = await readState(tx, token, d.now);
    if (state.kind !== "open") return state;
    await decideKyc({ ...d, db: tx }, link.cardholderId, decision === "approve" ? "VERIFIED" : "REJECTED");
    return readState(tx, token, d.now);
  });
}

/**
 * The merchant's page to go back to: only an absolute http(s) URL on the merchant's own origin (the portal's
 * APP_URL), else undefined: the hosted page must not send people anywhere a link-maker chooses.
 */
export function safeReturnUrl(raw: string | undefined, merchantOrigin: string): string | undefined {
  const value = raw?.trim();
  if (!value || value.length > MAX_RETURN_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  // Credentials in a return address only serve to disguise where it leads.
  if (url.username || url.password) return undefined;
  if (url.origin !== new URL(merchantOrigin).origin) return undefined;
  return url.href;
}

/** The return URL with `kyc=approved|rejected` added, keeping its other query parameters and fragment. */
export function returnUrlWithResult(returnUrl: string, decision: "approved" | "rejected"): string {
  const url = new URL(returnUrl);
  url.searchParams.set("kyc", decision);
  return url.href;
}

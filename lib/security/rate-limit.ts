import "server-only";
import { getDb } from "@/lib/db";
import { countHit } from "@/lib/db/rate-limits";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";

// Fixed-window limits kept in the database, so that every instance counts the same hits. The windows are
// short and the counts generous for people; they stop scripts that start, resume or upload in bulk.

export type Limit = { name: string; max: number; windowMs: number };

export const LIMITS = {
  /** Applications started per client address. */
  start: { name: "start", max: 20, windowMs: 10 * 60_000 },
  /** Resume links opened or used per client address (each is a 256-bit guess at best). */
  resume: { name: "resume", max: 30, windowMs: 10 * 60_000 },
  /** Documents sent per client address, and per application. */
  upload: { name: "upload", max: 40, windowMs: 10 * 60_000 },
  uploadPerApplication: { name: "upload-app", max: 20, windowMs: 60 * 60_000 },
  /** City suggestions asked per client address (a person changes a country a few times; answers are cached). */
  cities: { name: "cities", max: 120, windowMs: 10 * 60_000 },
  /**
   * Calls that cost an issuer call with the merchant's key: pre-validation, identity-check links, submission. Per
   * client address, and per application (a person checks, links and submits a few times; a script thousands).
   */
  validate: { name: "validate", max: 60, windowMs: 10 * 60_000 },
  validatePerApplication: { name: "validate-app", max: 20, windowMs: 60 * 60_000 },
  kycLink: { name: "kyc-link", max: 30, windowMs: 10 * 60_000 },
  kycLinkPerApplication: { name: "kyc-link-app", max: 10, windowMs: 60 * 60_000 },
  submit: { name: "submit", max: 30, windowMs: 10 * 60_000 },
  submitPerApplication: { name: "submit-app", max: 10, windowMs: 60 * 60_000 },
  /**
   * "Email me a link": per client address, per application and per recipient (its blind index), so the button
   * cannot flood one inbox from many applications or addresses.
   */
  resumeEmail: { name: "resume-email", max: 10, windowMs: 10 * 60_000 },
  resumeEmailPerApplication: { name: "resume-email-app", max: 3, windowMs: 60 * 60_000 },
  resumeEmailPerAddress: { name: "resume-email-to", max: 5, windowMs: 24 * 60 * 60_000 },
  /** One-time set-password links tried per client address (each is a 256-bit guess at best). */
  staffPassword: { name: "staff-password", max: 10, windowMs: 10 * 60_000 },
  /** Per staff member: test events (each one a post to the merchant's server) and resends of deliveries. */
  eventTest: { name: "event-test", max: 10, windowMs: 60_000 },
  eventResend: { name: "event-resend", max: 60, windowMs: 60_000 },
} satisfies Record<string, Limit>;

export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Counts one attempt against `limit` for `key` (a client address, an application id) at `now`. */
export async function hit(db: Database, limit: Limit, key: string, now: Date): Promise<LimitResult> {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const count = await countHit(db, `${limit.name}:${key}`, new Date(start));
  if (count <= limit.max) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((start + limit.windowMs - now.getTime()) / 1000)) };
}

/** 429 RATE_LIMITED with the seconds to wait (the API sends them as Retry-After). */
export const rateLimited = (retryAfterSeconds: number) =>
  new PortalError("RATE_LIMITED", "Too many attempts from here. Please wait a little and try again.", undefined, retryAfterSeconds);

/** As `hit`, but a refusal is thrown as `rateLimited`. */
export async function enforce(db: Database, limit: Limit, key: string, now: Date): Promise<void> {
  const result = await hit(db, limit, key, now);
  if (!result.ok) throw rateLimited(result.retryAfterSeconds);
}

/** One attempt of this request's client (its address as scripts/serve.mjs decided it), on the process's database. */
export async function hitClient(limit: Limit, headers: Headers, now = new Date()): Promise<LimitResult> {
  return hit(await getDb(), limit, clientIp(headers), now);
}

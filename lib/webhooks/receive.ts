import "server-only";
import { NextResponse } from "next/server";
import type { z } from "zod";
import { errorBody } from "@/lib/errors";
import { countSignatureFailure } from "@/lib/db/webhook-inbox";
import { getDb } from "@/lib/db";
import type { Database } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import type { Keyring } from "@/lib/crypto/secret-box";
import { clientIp } from "@/lib/http/client-ip";
import { readBodyWithLimit } from "@/lib/http/read-body";
import { API_HEADERS } from "@/lib/http/security-headers";
import { log } from "@/lib/log";
import { cardholderOf, envelopeSchema, type webhookReceipt } from "@/lib/webhooks/envelope";
import { eventKeyOwner, type InboxSubmission } from "@/lib/webhooks/inbox-seal";
import { inboxWriter } from "@/lib/webhooks/inbox-writer";
import { signatureMatches } from "@/lib/webhooks/signature";
import { processSignatureThrottle, type SignatureThrottle } from "@/lib/webhooks/signature-throttle";
import { wakeWebhookProcessor } from "@/lib/webhooks/worker";

/** docs/contract.md: bodies over 1 MiB are refused (413) while they are read, never buffered whole. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;
/** Headers kept with the event for audit (the signature included; it is not a secret). */
const KEPT_HEADERS = ["content-type", "user-agent", "x-wk-signature", "x-request-id"];

export type ReceiveDeps = {
  db: Database;
  secrets: Array<string | undefined>;
  now: () => Date;
  notify: () => void;
  /** Seals the stored body (with the cardholder's data key: lib/webhooks/inbox-seal.ts): events carry names and emails. */
  keys: Keyring;
  /** Events dated before now minus this are parked, not applied. */
  maxAgeMs: number;
  /** Bad signatures per client address, in memory (default: this process's). */
  badSignatures?: SignatureThrottle;
  /** Seals and stores one event durably and answers whether it stored it (default: the group-commit writer of `db`). */
  store?: (item: InboxSubmission) => Promise<boolean>;
};

/** A signed event dated more than this ahead of our clock is parked too. */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;

/** Why a signed event is not applied: dated outside the window the portal accepts (a replay, a broken clock). */
export function outsideWindow(eventAt: Date, now: Date, maxAgeMs: number): string | undefined {
  if (eventAt.getTime() > now.getTime() + MAX_FUTURE_SKEW_MS) return "parked: dated more than 5 minutes in the future";
  if (eventAt.getTime() < now.getTime() - maxAgeMs) return `parked: dated more than ${Math.round(maxAgeMs / 3_600_000)} hours ago`;
  return undefined;
}

class TooLarge extends Error {}
const reply = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  NextResponse.json(errorBody(code, message), { status, headers: { ...API_HEADERS, ...headers } });

/**
 * POST /api/webhooks/issuer: raw body read once (1 MiB cap), signature checked against the current and the
 * previous secret, envelope validated, event stored in the inbox, then 200. Nothing is applied here.
 */
export async function receiveWebhook(request: Request, deps: ReceiveDeps): Promise<Response> {
  let raw: Buffer;
  try {
    raw = await readBodyWithLimit(request, MAX_WEBHOOK_BYTES, () => new TooLarge());
  } catch (error) {
    if (error instanceof TooLarge) return reply(413, "PAYLOAD_TOO_LARGE", "Webhook bodies are limited to 1 MiB.");
    return reply(400, "BAD_REQUEST", "The body could not be read.");
  }
  if (!signatureMatches(raw, request.headers.get("x-wk-signature"), deps.secrets)) {
    const address = clientIp(request.headers);
    const wait = (deps.badSignatures ?? processSignatureThrottle).fail(address, deps.now().getTime());
    if (wait !== undefined)
      return reply(429, "RATE_LIMITED", "Too many invalid signatures from this address; try again later.", { "retry-after": String(wait) });
    log.warn("webhook.bad_signature", { bytes: raw.length, has_header: request.headers.has("x-wk-signature"), address });
    // Counted for the staff inspector; a failing count never changes the answer.
    await countSignatureFailure(deps.db, deps.now()).catch((error: unknown) => log.warn("webhook.failure_count", { error: String(error) }));
    return reply(401, "INVALID_SIGNATURE", "Missing or invalid x-wk-signature.");
  }
  const text = raw.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return reply(400, "BAD_REQUEST", "The body is not JSON.");
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success)
    return reply(400, "BAD_REQUEST", "The body is not a webhook envelope (account_no, data, event_id, event_type, timestamp).");
  const event = parsed.data;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const eventAt = new Date(event.timestamp);
  const now = deps.now();
  const parked = outsideWindow(eventAt, now, deps.maxAgeMs);
  if (parked) log.warn("webhook.parked", { event_id: event.event_id, type: event.event_type, timestamp: event.timestamp });
  const row: InboxSubmission["row"] = {
    eventId: event.event_id,
    eventType: event.event_type,
    eventAt,
    cardholderId: cardholderOf(event),
    headers,
    receivedAt: now,
    nextAttemptAt: now,
    ...(parked ? { state: "parked" as const, lastError: parked } : {}),
  };
  let stored: boolean;
  try {
    stored = await (deps.store ?? inboxWriter(deps.db).submit)({ row, text, event, keyOwner: eventKeyOwner(event), keys: deps.keys });
  } catch (error) {
    // Nothing of this event was stored (its batch is one statement): the issuer delivers it again.
    log.error("webhook.store_failed", { event_id: event.event_id, error: error instanceof Error ? error.message : String(error) });
    return reply(503, "DATABASE_UNAVAILABLE", "The event could not be stored; deliver it again.");
  }
  if (stored && !parked) deps.notify();
  const receipt: z.infer<typeof webhookReceipt> = { ok: true, duplicate: !stored, ...(parked ? { parked: true } : {}) };
  return NextResponse.json(receipt, { headers: API_HEADERS });
}

/** The receiver with this process's database, secrets and processor. */
export async function receiveIssuerWebhook(request: Request): Promise<Response> {
  const env = getEnv();
  const deps = {
    db: await getDb(),
    secrets: [env.webhook.secret, env.webhook.previousSecret],
    now: () => new Date(),
    notify: wakeWebhookProcessor,
    keys: getKeyring(),
    maxAgeMs: env.webhook.maxAgeHours * 3_600_000,
  };
  return receiveWebhook(request, deps);
}

import "server-only";
import { z } from "zod";
import { findApplication, lockApplicationByCardholder, patchApplication } from "@/lib/db/applications";
import { insertCardTransaction } from "@/lib/db/card-transactions";
import type { AppDeps } from "@/lib/applications/deps";
import type { Database } from "@/lib/db/types";
import { parseLinkTime } from "@/lib/applications/kyc";
import { isAllowedKycUrl } from "@/lib/applications/kyc-url";
import { seal } from "@/lib/crypto/secret-box";
import { sealingKeys } from "@/lib/applications/keys";
import { issueCardOnce } from "@/lib/applications/card-issuance";
import { applyCardholderState } from "@/lib/applications/cardholder-status";
import type { WebhookEnvelope } from "@/lib/webhooks/envelope";
import { transactionDataColumns, transactionOwner } from "@/lib/webhooks/transaction-details";

export type HandlerResult = { outcome: "applied" | "ignored"; note?: string };
/** Marks the stored event done; a handler that can do it inside its own transaction does (one commit, not two). */
export type FinishEvent = (db: Database, result: HandlerResult) => Promise<void>;
export type AppliedEvent = HandlerResult & { finished?: boolean };

const cardholderData = z.object({
  cardholder_id: z.string().min(1),
  status: z.enum(["PENDING", "SUCCESS", "FAILED"]),
  kyc_status: z.enum(["NOT_STARTED", "PENDING", "VERIFIED", "REJECTED"]),
  kyc_verification_url: z.string().url().optional(),
  kyc_verification_url_expires_at: z.string().optional(),
});

/** Upstream times have whole seconds: an event in the same second as the watermark still applies (moves only go forward). */
const floorSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * cardholder.created / .updated / .kyc.status_changed: under the application's row lock, a stale event
 * (older than the newest applied) changes nothing; otherwise the KYC link and the states move as polling
 * would move them. The card is then issued through the same exactly-once path as the status route.
 */
async function applyCardholderEvent(deps: AppDeps, event: WebhookEnvelope, eventAt: Date): Promise<HandlerResult> {
  const data = cardholderData.parse(event.data);
  const result = await deps.db.transaction(async (tx): Promise<HandlerResult & { appId?: string }> => {
    const app = await lockApplicationByCardholder(tx, data.cardholder_id);
    if (!app) return { outcome: "ignored", note: "no application for this cardholder" };
    if (app.upstreamEventAt && eventAt < floorSecond(app.upstreamEventAt))
      return { outcome: "ignored", note: "stale: a newer state was applied" };
    // A link on a host the portal does not trust is never stored (the state still moves).
    const url = data.kyc_verification_url;
    const trusted = url && isAllowedKycUrl(url, deps.kycLinks);
    const link =
      trusted && ["submitted", "kyc_pending"].includes(app.state)
        ? {
            kycUrl: seal(url, await sealingKeys({ ...deps, db: tx }, app.id)),
            kycExpiresAt: parseLinkTime(data.kyc_verification_url_expires_at ?? "") ?? app.kycExpiresAt,
          }
        : {};
    // Never ahead of this moment: an event dated in the (tolerated) future must not hide the genuine ones after it.
    const seen = eventAt > deps.now() ? deps.now() : eventAt;
    const watermark = !app.upstreamEventAt || seen > app.upstreamEventAt ? seen : app.upstreamEventAt;
    const patched = (await patchApplication(tx, app.id, { upstreamEventAt: watermark, ...link })) ?? app;
    await applyCardholderState({ ...deps, db: tx }, patched, { status: data.status, kycStatus: data.kyc_status });
    return {
      outcome: "applied",
      appId: app.id,
      note: url && !trusted ? "identity-check link on an untrusted host: not stored" : undefined,
    };
  });
  if (result.appId) {
    const app = await findApplication(deps.db, result.appId);
    if (app && (app.state === "approved" || app.state === "card_issuing")) await issueCardOnce(deps, app);
  }
  return { outcome: result.outcome, note: result.note };
}

const authorizationData = z.object({
  transaction_id: z.string().min(1),
  card_id: z.string().min(1),
  cardholder_id: z.string().optional(),
  card_number: z.string().optional(),
  transaction_type: z.string(),
  transaction_status: z.string(),
  transaction_amount: z.string(),
  transaction_currency: z.string(),
  billing_amount: z.string(),
  billing_currency: z.string(),
  transaction_time: z.string(),
  merchant_data: z.array(z.object({ name: z.string().optional() }).passthrough()).optional(),
});

/**
 * card.transaction.authorization: kept once per transaction id for the admin view (card number stays masked; the
 * merchant and other personal details sealed with the cardholder's key, or dropped once it was erased).
 * The row and the inbox's "done" commit together: most webhooks are these, and a commit is most of their cost.
 */
async function recordAuthorization(deps: AppDeps, event: WebhookEnvelope, finish?: FinishEvent): Promise<AppliedEvent> {
  const d = authorizationData.parse(event.data);
  const owner = transactionOwner({ cardholderId: d.cardholder_id ?? null, cardId: d.card_id });
  // Sealed before the transaction (a new key is written to disk first): PGlite's one connection is not held meanwhile.
  const columns = await transactionDataColumns(deps.keys, deps.db, owner, event.data);
  return deps.db.transaction(async (tx) => {
    const created = await insertCardTransaction(tx, {
      transactionId: d.transaction_id,
      eventId: event.event_id,
      cardId: d.card_id,
      cardholderId: d.cardholder_id ?? null,
      maskedCardNumber: d.card_number ?? null,
      transactionType: d.transaction_type,
      transactionStatus: d.transaction_status,
      transactionAmount: d.transaction_amount,
      transactionCurrency: d.transaction_currency,
      billingAmount: d.billing_amount,
      billingCurrency: d.billing_currency,
      transactionTime: d.transaction_time,
      ...columns,
      createdAt: deps.now(),
    });
    const result: HandlerResult = created ? { outcome: "applied" } : { outcome: "ignored", note: "transaction already recorded" };
    if (!finish) return result;
    await finish(tx, result);
    return { ...result, finished: true };
  });
}

/**
 * Applies one stored event; unknown types are kept and marked ignored. Throws to have it retried. `finished` says
 * the handler already ran `finish` in its own transaction; otherwise the caller marks the event done.
 */
export function applyEvent(deps: AppDeps, event: WebhookEnvelope, eventAt: Date, finish?: FinishEvent): Promise<AppliedEvent> {
  switch (event.event_type) {
    case "cardholder.created":
    case "cardholder.updated":
    case "cardholder.kyc.status_changed":
      return applyCardholderEvent(deps, event, eventAt);
    case "card.transaction.authorization":
      return recordAuthorization(deps, event, finish);
    default:
      return Promise.resolve({ outcome: "ignored", note: `event type ${event.event_type} is not handled` });
  }
}

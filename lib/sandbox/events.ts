import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/types";
import type { SandboxCardholder, SandboxKycLink } from "@/lib/sandbox/schema";
import { insertOutboxEvent } from "@/lib/sandbox/store/outbox";

export type SandboxEventType =
  "cardholder.created" | "cardholder.updated" | "cardholder.kyc.status_changed" | "card.transaction.authorization";

/** The simulated merchant account; events carry it masked, as the spec's envelope says. */
export const SANDBOX_ACCOUNT_NO = "8800201900004321";
export const maskAccountNo = (n: string) => `${n.slice(0, 4)}${"*".repeat(Math.max(0, n.length - 8))}${n.slice(-4)}`;

/** The envelope's timestamp form: YYYY-MM-DDTHH:MM:SSZ (UTC, no fraction). */
export const isoSeconds = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
/** The KYC link's expires_at form: YYYY-MM-DD HH:MM:SS (UTC; the spec does not name a zone). */
export const linkTime = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/** Serialises the envelope once: these exact bytes are signed and sent on every attempt. */
export function buildEventBody(type: SandboxEventType, data: Record<string, unknown>, now: Date, eventId = `evt_${randomUUID()}`) {
  const envelope = { account_no: maskAccountNo(SANDBOX_ACCOUNT_NO), data, event_id: eventId, event_type: type, timestamp: isoSeconds(now) };
  return { eventId, body: JSON.stringify(envelope) };
}

export async function emitEvent(db: Database, type: SandboxEventType, data: Record<string, unknown>, now: Date): Promise<string> {
  const { eventId, body } = buildEventBody(type, data, now);
  await insertOutboxEvent(db, { eventId, eventType: type, body, now });
  return eventId;
}

/**
 * data of the cardholder events. The spec lists it for kyc.status_changed; created/updated are "not shown":
 * the sandbox sends the same fields plus card_product_id and kyc_method.
 */
export function cardholderEventData(row: SandboxCardholder, openLink: SandboxKycLink | undefined, appUrl: string) {
  const fields = row.fields;
  const data: Record<string, unknown> = {
    cardholder_id: row.id,
    status: row.status,
    kyc_status: row.kycStatus,
    first_name: fields.first_name ?? "",
    last_name: fields.last_name ?? "",
    email: fields.email ?? "",
    create_time: isoSeconds(row.createdAt),
    update_time: isoSeconds(row.updatedAt),
    card_product_id: row.productId,
    kyc_method: row.kycMethod,
  };
  if (row.kycMethod === "REDIRECT_LINK" && openLink) {
    data.kyc_verification_url = kycPageUrl(appUrl, openLink.token);
    data.kyc_verification_url_expires_at = linkTime(openLink.expiresAt);
  }
  return data;
}

export const kycPageUrl = (appUrl: string, token: string) => `${appUrl}/sandbox/kyc/${token}`;

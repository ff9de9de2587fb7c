import "server-only";
import type { Database } from "@/lib/db/types";
import { isoSeconds, kycPageUrl, linkTime } from "@/lib/sandbox/events";
import type { SandboxCard, SandboxCardholder } from "@/lib/sandbox/schema";
import { listCardsOf } from "@/lib/sandbox/store/cards";
import { findOpenKycLink } from "@/lib/sandbox/store/kyc-links";

const maskTail = (value: unknown, keep: number) =>
  typeof value === "string" && value.length > keep ? `${"*".repeat(value.length - keep)}${value.slice(-keep)}` : value;

/**
 * A cardholder on the wire. Fields beyond status, kyc_status and kyc_verification.url are "not shown" in the
 * spec: the sandbox returns what was submitted, with the identity number and ssn masked to their last 4.
 */
export function toWireCardholder(
  row: SandboxCardholder,
  extras: { cards: SandboxCard[]; link?: { token: string; expiresAt: Date }; appUrl: string; withKycUrl: boolean },
) {
  const {
    kyc_verification: kyc,
    identity,
    ssn,
    ...fields
  } = row.fields as Record<string, unknown> & {
    kyc_verification?: Record<string, unknown>;
    identity?: Record<string, unknown>;
  };
  const verification: Record<string, unknown> = { method: row.kycMethod };
  if (row.kycMethod === "THIRD_PARTY") verification.reference_id = row.kycReferenceId;
  if (kyc && typeof kyc.kyc_proof === "object" && kyc.kyc_proof) verification.provider = (kyc.kyc_proof as { provider?: unknown }).provider;
  if (extras.withKycUrl && extras.link) {
    verification.url = kycPageUrl(extras.appUrl, extras.link.token);
    verification.expires_at = linkTime(extras.link.expiresAt);
  }
  return {
    id: row.id,
    card_product_id: row.productId,
    status: row.status,
    kyc_status: row.kycStatus,
    ...fields,
    ...(ssn !== undefined ? { ssn: maskTail(ssn, 4) } : {}),
    ...(identity ? { identity: { ...identity, number: maskTail(identity.number, 4) } } : {}),
    kyc_verification: row.kycMethod ? verification : null,
    // The card number masked, as the authorization events carry it (a card's fields beyond id are "not shown").
    cards: extras.cards.map((c) => ({
      id: c.id,
      card_product_id: c.productId,
      status: c.status,
      label: c.label,
      card_number: c.maskedNumber,
    })),
    create_time: isoSeconds(row.createdAt),
    update_time: isoSeconds(row.updatedAt),
  };
}

/** Detail with its cards and, for REDIRECT_LINK, the link while it is valid. */
export async function loadWireCardholder(db: Database, row: SandboxCardholder, now: Date, appUrl: string, withKycUrl: boolean) {
  const [cards, link] = await Promise.all([listCardsOf(db, row.id), findOpenKycLink(db, row.id, now)]);
  return toWireCardholder(row, { cards, link, appUrl, withKycUrl });
}

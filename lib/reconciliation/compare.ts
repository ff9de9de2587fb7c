import type { Finding, FindingKind, PortalRow } from "@/lib/db/schema/reconciliation";
import type { ListedCardholder } from "@/lib/issuer/resources/cardholder-list";
import { nextState } from "@/lib/applications/state-machine";

// The pure comparison of reconciliation, both ways: the issuer's cardholders and cards against the portal's
// applications, and the portal's cardholders and cards against the issuer's list. No I/O (compare.test.ts).

/** What a fix can do from here: move a lagging state, record a card. The rest is looked into at the issuer. */
export const FIXABLE_KINDS: ReadonlySet<FindingKind> = new Set<FindingKind>(["lagging_state", "unrecorded_card"]);

/** What the transition rules of lib/applications/cardholder-status.ts would do with this upstream state, if anything. */
export function pendingMove(row: Pick<PortalRow, "state" | "kycMethod">, upstream: Pick<ListedCardholder, "status" | "kycStatus">) {
  if (upstream.kycStatus === "REJECTED") return nextState(row.state, "kyc_rejected");
  if (upstream.status === "FAILED") return nextState(row.state, "fail");
  if (upstream.status === "SUCCESS" && (row.kycMethod === null || upstream.kycStatus === "VERIFIED"))
    return nextState(row.state, "approved");
  return undefined;
}

/** "a***@e***.com": enough for staff to tell two cardholders apart, not enough to identify one. */
export function maskEmail(email: string | undefined): string | null {
  if (!email || !email.includes("@")) return null;
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}

/** How the issuer's list was read: only a complete list (every page) tells that a portal record is missing there. */
export type ListRead = { complete: boolean; startedAt: Date };

export function compare(portal: readonly PortalRow[], issuer: readonly ListedCardholder[], read: ListRead): Finding[] {
  const byCardholder = new Map(portal.map((row) => [row.cardholderId, row]));
  const findings: Finding[] = [...(read.complete ? missingUpstream(portal, issuer, read.startedAt) : [])];
  for (const upstream of issuer) {
    const row = byCardholder.get(upstream.id);
    if (!row) {
      findings.push({
        kind: "unknown_cardholder",
        applicationId: null,
        cardholderId: upstream.id,
        detail: {
          issuer_status: upstream.status,
          issuer_kyc_status: upstream.kycStatus,
          product_id: upstream.productId ?? null,
          cards: upstream.cards.length,
          email_masked: maskEmail(upstream.email),
        },
      });
      continue;
    }
    const to = pendingMove(row, upstream);
    // A status never stored (no poll, no webhook yet) is not a lag by itself; a stored one that differs is.
    const differs =
      (row.upstreamStatus !== null && row.upstreamStatus !== upstream.status) ||
      (row.upstreamKycStatus !== null && row.upstreamKycStatus !== upstream.kycStatus);
    if (to || differs) {
      findings.push({
        kind: "lagging_state",
        applicationId: row.id,
        cardholderId: upstream.id,
        detail: {
          portal_state: row.state,
          expected_state: to ?? row.state,
          stored_status: row.upstreamStatus,
          stored_kyc_status: row.upstreamKycStatus,
          issuer_status: upstream.status,
          issuer_kyc_status: upstream.kycStatus,
        },
      });
    }
    if (upstream.cardsListed) findings.push(...missingCards(row, upstream));
    for (const card of upstream.cards) {
      if (row.knownCardIds.includes(card.id)) continue;
      findings.push({
        kind: "unrecorded_card",
        applicationId: row.id,
        cardholderId: upstream.id,
        detail: { card_id: card.id, card_status: card.status, portal_state: row.state },
      });
    }
  }
  return findings;
}

/** The portal's cardholders a complete list did not contain (the issuer answers 404 for them), but for ones newer than the list. */
function missingUpstream(portal: readonly PortalRow[], issuer: readonly ListedCardholder[], listedAt: Date): Finding[] {
  const listed = new Set(issuer.map((c) => c.id));
  return portal
    .filter((row) => !listed.has(row.cardholderId) && row.submittedAt !== null && row.submittedAt < listedAt)
    .map((row) => ({
      kind: "missing_cardholder",
      applicationId: row.id,
      cardholderId: row.cardholderId,
      detail: { portal_state: row.state, stored_status: row.upstreamStatus, cards: row.knownCardIds.length },
    }));
}

/** The cards the portal recorded for a cardholder that the issuer no longer lists under it. */
function missingCards(row: PortalRow, upstream: ListedCardholder): Finding[] {
  const listed = new Set(upstream.cards.map((c) => c.id));
  return [...new Set(row.knownCardIds)]
    .filter((id) => !listed.has(id))
    .map((id) => ({
      kind: "missing_card",
      applicationId: row.id,
      cardholderId: row.cardholderId,
      detail: { card_id: id, portal_state: row.state },
    }));
}

export function countFindings(findings: readonly Pick<Finding, "kind">[]) {
  const of = (kind: FindingKind) => findings.filter((f) => f.kind === kind).length;
  return {
    unknownCardholders: of("unknown_cardholder"),
    laggingStates: of("lagging_state"),
    unrecordedCards: of("unrecorded_card"),
    missingCardholders: of("missing_cardholder"),
    missingCards: of("missing_card"),
  };
}

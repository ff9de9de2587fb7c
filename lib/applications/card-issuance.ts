import "server-only";
import { randomUUID } from "node:crypto";
import { reclaimStaleIssuance, patchApplication, findApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { isIssuerError } from "@/lib/issuer/errors";
import { createCard } from "@/lib/issuer/resources/cards";
import type { AppDeps } from "@/lib/applications/deps";
import { outcomeOf } from "@/lib/applications/outcomes";
import { type Transition } from "@/lib/applications/state-machine";
import { move } from "@/lib/applications/transition";
import { forApplication } from "@/lib/issuer/client";

/** An issuance claimed this long ago without an answer may be taken over (same X-Request-Id). */
export const CLAIM_STALE_MS = 30_000;
/** After a round of card creation tries without an answer, the next round waits 2 s, 4 s, 8 s… up to the takeover time. */
export const CARD_RETRY_BASE_MS = 2_000;

/**
 * Exactly one card per application: a conditional UPDATE (approved -> card_issuing) claims the issuance and
 * stores the X-Request-Id before the call; concurrent callers lose the claim and just report the state.
 */
export async function issueCardOnce(deps: AppDeps, app: Application): Promise<Application> {
  let claimed: Application | undefined;
  if (app.state === "approved") {
    claimed = await move(deps, app, "claim_card", "card issuance claimed", {
      cardRequestId: randomUUID(),
      cardClaimedAt: deps.now(),
      cardAttempts: 0,
    });
  } else if (app.state === "card_issuing") {
    claimed = await reclaimStaleIssuance(deps.db, app.id, new Date(deps.now().getTime() - CLAIM_STALE_MS), deps.now());
  }
  if (!claimed?.cardRequestId || !claimed.cardholderId) return (await findApplication(deps.db, app.id)) ?? app;
  try {
    const card = await createCard(
      forApplication(deps.issuer, claimed.id),
      { cardholderId: claimed.cardholderId, productId: claimed.productId, rechargeAmount: 0, outId: claimed.id },
      claimed.cardRequestId,
    );
    return (
      (await move(
        deps,
        claimed,
        "card_issued",
        "card created",
        { cardId: card.id, cardStatus: card.status ?? "ACTIVE" },
        { card_id: card.id },
      )) ?? claimed
    );
  } catch (error) {
    if (!isIssuerError(error) || error.retryable) return backOff(deps, claimed); // the same request id, a little later
    const outcome = outcomeOf(error.code);
    const detail = { code: error.code, request_id: error.requestId };
    const patch = {
      failureCode: error.code,
      failureMessage: error.message.slice(0, 500),
      cardRequestId: null,
      cardClaimedAt: null,
      cardAttempts: 0,
    };
    const t: Transition = outcome.state === "kyc_rejected" ? "kyc_rejected" : outcome.state === "kyc_pending" ? "release_card" : "fail";
    return (await move(deps, claimed, t, `card creation refused: ${error.code}`, patch, detail)) ?? claimed;
  }
}

/**
 * The claim stays (same X-Request-Id, so no second card), dated back so that it may be taken again after a
 * growing delay instead of the 30 s a crashed process's claim waits for.
 */
async function backOff(deps: AppDeps, claimed: Application): Promise<Application> {
  const attempts = claimed.cardAttempts + 1;
  const delay = Math.min(CLAIM_STALE_MS, CARD_RETRY_BASE_MS * 2 ** (attempts - 1));
  const retryAt = new Date(deps.now().getTime() - CLAIM_STALE_MS + delay);
  return (await patchApplication(deps.db, claimed.id, { cardAttempts: attempts, cardClaimedAt: retryAt }, ["card_issuing"])) ?? claimed;
}

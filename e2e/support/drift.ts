import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { SIMPLIFIED } from "./applicant";
import { issuedSimplified } from "./case-page";
import { dataString, sandboxCall } from "./sandbox-api";
import { expect } from "./test";

// Drift both ways between the portal and the issuer, made behind the portal's back through the sandbox, for the
// reconciliation specs (e2e/admin-reconciliation.spec.ts, e2e/admin-journeys-ops.spec.ts).

export type Drift = {
  /** An issued application whose cardholder gained a second card at the issuer (the card the portal never recorded). */
  id: string;
  cardholderId: string;
  cardId: string;
  /** An issued application whose cardholder the issuer lost (it answers 404 for it from now on). */
  lost: { id: string; cardholderId: string };
  /** A cardholder created at the issuer, unknown to the portal. */
  strangerId: string;
};

export async function makeDrift(request: APIRequestContext, stranger: { first: string; last: string }): Promise<Drift> {
  const { id, cardholderId } = await issuedSimplified(request);
  const lost = await issuedSimplified(request);
  expect((await sandboxCall(request, "POST", `/sandbox/simulate/cardholders/${lost.cardholderId}/forget`)).status).toBe(200);
  const card = await sandboxCall(request, "POST", "/sandbox/api/open/v2/issuing/cards", {
    cardholder_id: cardholderId,
    card_product_id: SIMPLIFIED,
    recharge_amount: 0,
  });
  const made = await sandboxCall(request, "POST", "/sandbox/api/open/v1/issuing/cardholders", {
    first_name: stranger.first,
    last_name: stranger.last,
    email: `${stranger.first.toLowerCase()}.${randomUUID().slice(0, 8)}@example.org`,
  });
  return { id, cardholderId, cardId: dataString(card, "id"), lost, strangerId: dataString(made, "id") };
}

import "server-only";
import { randomUUID } from "node:crypto";
import { PortalError } from "@/lib/errors";
import { claimCardholderRequestId, findApplication, patchApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { isIssuerError, type IssuerError } from "@/lib/issuer/errors";
import { createCardholder, createCardholderV1 } from "@/lib/issuer/resources/cardholders";
import type { AppDeps } from "@/lib/applications/deps";
import { ensureKycLink } from "@/lib/applications/kyc";
import { outcomeOf, UPSTREAM_OUTCOMES } from "@/lib/applications/outcomes";
import { prevalidate } from "@/lib/applications/prevalidate";
import { requireEnabledProduct } from "@/lib/applications/product";
import { move } from "@/lib/applications/transition";
import { isRestrictionKey } from "@/lib/requirements/restrictions";
import { forApplication } from "@/lib/issuer/client";

/**
 * Creates the cardholder upstream: v2 with kyc_verification for products that need KYC, v1 (the basic flow)
 * for Simplified ones. The X-Request-Id is stored before the call, so a retry after a lost answer is the
 * same request and creates nothing twice. A second submit of a submitted application changes nothing.
 */
export async function submitApplication(deps: AppDeps, app: Application): Promise<Application> {
  if (app.state !== "draft") return app;
  const product = await requireEnabledProduct(deps.issuer, app.productId);
  const check = await prevalidate(deps, app, product);
  if (!check.valid || !check.payload) {
    const restricted = Object.values(check.fields).some(isRestrictionKey);
    throw new PortalError(
      restricted ? "COUNTRY_RESTRICTION" : "VALIDATION_ERROR",
      restricted ? "This card is not available for some of your details." : "Some answers are missing or need a change.",
      check.fields,
    );
  }
  const requestId = (await claimCardholderRequestId(deps.db, app.id, randomUUID())) ?? randomUUID();

  let cardholderId: string;
  try {
    cardholderId = app.kycMethod
      ? await createCardholder(forApplication(deps.issuer, app.id), { ...check.payload, card_product_id: product.id }, requestId)
      : await createCardholderV1(forApplication(deps.issuer, app.id), check.payload, requestId);
  } catch (error) {
    if (isIssuerError(error) && !error.retryable) await handleRefusal(deps, app, error);
    throw error;
  }
  const submitted =
    (await move(
      deps,
      app,
      "submit",
      "cardholder created",
      { cardholderId, submittedAt: deps.now() },
      { cardholder_id: cardholderId, request_id: requestId },
    )) ??
    (await findApplication(deps.db, app.id)) ??
    app;
  if (submitted.kycMethod !== "REDIRECT_LINK" || submitted.state !== "submitted") return submitted;
  // The link can also be fetched later from the status page: a failure here does not undo the submit.
  return ensureKycLink(deps, submitted).catch(() => submitted);
}

/** A refused create changed nothing upstream: a named code ends the application, field errors go back to the form. */
async function handleRefusal(deps: AppDeps, app: Application, error: IssuerError): Promise<never> {
  if (UPSTREAM_OUTCOMES[error.code]) {
    await move(
      deps,
      app,
      "fail",
      `cardholder creation refused: ${error.code}`,
      { failureCode: error.code, failureMessage: error.message.slice(0, 500) },
      { code: error.code },
    );
    throw new PortalError("UPSTREAM_REFUSED", "The card issuer refused this application.", { _: outcomeOf(error.code).messageKey });
  }
  // The next submit is a new request: the refused one created nothing.
  await patchApplication(deps.db, app.id, { cardholderRequestId: null }, ["draft"]);
  const fields = Object.fromEntries(Object.keys(error.fields ?? {}).map((path) => [path, "errors.field.rejected_by_issuer"]));
  throw new PortalError("VALIDATION_ERROR", "The card issuer did not accept some answers.", fields);
}

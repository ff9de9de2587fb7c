import "server-only";
import { randomUUID } from "node:crypto";
import { claimCardholderRequestId, lockApplication, patchApplication, replaceApplicationFile } from "@/lib/db/applications";
import { seal } from "@/lib/crypto/secret-box";
import { PortalError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { classifyUpload, MAX_DOCUMENT_BYTES } from "@/lib/files/detect";
import { safeUploadName } from "@/lib/files/names";
import { ISSUER_CODES, isIssuerError } from "@/lib/issuer/errors";
import { forApplication } from "@/lib/issuer/client";
import { createCardholder } from "@/lib/issuer/resources/cardholders";
import { uploadFile } from "@/lib/issuer/resources/files";
import { recordStaffAction } from "@/lib/audit/record";
import { loadForAction, stateChanged } from "@/lib/admin/case/actions/load";
import { isActionKey, thirdPartySchema } from "@/lib/admin/case/actions/rules";
import type { Staff } from "@/lib/auth/current-staff";
import type { AppDeps } from "@/lib/applications/deps";
import { refuseErased } from "@/lib/applications/erased";
import { prevalidate } from "@/lib/applications/prevalidate";
import { requireEnabledProduct } from "@/lib/applications/product";
import { move } from "@/lib/applications/transition";
import { sealingKeys } from "@/lib/applications/keys";

export type ThirdPartyInput = { provider: string; referenceId: string; document: { name: string; bytes: Uint8Array } };
const PROOF_FIELD = "kyc_verification.kyc_proof.documents";
const REFERENCE = "referenceId";

/**
 * Creates the cardholder of a complete draft with the merchant's own identity proof (THIRD_PARTY): the proof's
 * document goes through the same checks and upload as the applicant's, the X-Request-Id is stored before the
 * call, and a refused proof (a reference id already used) leaves the draft as it was, with the issuer's reason.
 * The issuer verifies the proof; the card follows through the usual exactly-once path once it is verified.
 */
export async function submitThirdParty(deps: AppDeps, staff: Pick<Staff, "id" | "email" | "ip">, id: string, input: ThirdPartyInput) {
  const app = await loadForAction(deps, id, "third_party");
  const parsed = thirdPartySchema.safeParse(input);
  if (!parsed.success)
    throw new PortalError("VALIDATION_ERROR", "Some fields are not valid.", fieldErrorsFromZod(parsed.error, isActionKey));
  const product = await requireEnabledProduct(deps.issuer, app.productId);
  const check = await prevalidate(deps, app, product);
  if (!check.valid || !check.payload) {
    throw new PortalError("VALIDATION_ERROR", "The applicant's answers are not complete yet.", {
      _form: "admin.actions.thirdParty.incomplete",
    });
  }
  const verdict = classifyUpload(input.document.name, input.document.bytes, MAX_DOCUMENT_BYTES);
  if (!verdict.ok) throw new PortalError("DOCUMENT_REJECTED", verdict.message, { file: `errors.file.${verdict.code}` });
  const issuer = forApplication(deps.issuer, app.id);
  const file = await uploadFile(issuer, {
    bytes: input.document.bytes,
    name: safeUploadName(input.document.name, verdict.ext),
    type: verdict.mime,
  });
  // Under the row lock the erasure also takes: the proof's name is never kept for an application erased meanwhile.
  const ring = await sealingKeys(deps, app.id);
  await deps.db.transaction(async (tx) => {
    refuseErased(await lockApplication(tx, app.id));
    await replaceApplicationFile(tx, {
      fileId: file.fileId,
      applicationId: app.id,
      field: PROOF_FIELD,
      fileName: seal(file.fileName, ring),
      fileType: file.fileType,
      size: file.size,
      createdAt: deps.now(),
    });
  });

  const proof = {
    provider: parsed.data.provider,
    reference_id: parsed.data.referenceId,
    documents: [{ file_id: file.fileId, report_type: "IDV" }],
  };
  const body = { ...check.payload, kyc_verification: { method: "THIRD_PARTY", kyc_proof: proof }, card_product_id: product.id };
  const requestId = (await claimCardholderRequestId(deps.db, app.id, randomUUID())) ?? randomUUID();
  let cardholderId: string;
  try {
    cardholderId = await createCardholder(issuer, body, requestId);
  } catch (error) {
    if (!isIssuerError(error) || error.retryable) throw error;
    // Refused: nothing was created upstream, so the next attempt is a new request and the draft stays a draft.
    await patchApplication(deps.db, app.id, { cardholderRequestId: null }, ["draft"]);
    const used = error.code === ISSUER_CODES.kycReferenceExists;
    throw new PortalError("UPSTREAM_REFUSED", `${error.code}: ${error.message}`, {
      [used ? REFERENCE : "_form"]: used ? "admin.actions.thirdParty.referenceUsed" : "admin.actions.thirdParty.refused",
    });
  }
  const submitted = await move(
    deps,
    app,
    "submit",
    "cardholder created with the merchant's identity proof (THIRD_PARTY)",
    { cardholderId, submittedAt: deps.now(), kycMethod: "THIRD_PARTY", kycUrl: null, kycExpiresAt: null },
    { cardholder_id: cardholderId, request_id: requestId, kyc_method: "THIRD_PARTY" },
  );
  if (!submitted) throw stateChanged();
  await recordStaffAction(deps.db, staff, "application.third_party_submitted", {
    applicationId: app.id,
    target: cardholderId,
    detail: { provider: parsed.data.provider, reference_id: parsed.data.referenceId },
  });
  return { state: submitted.state, cardholderId };
}

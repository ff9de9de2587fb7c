import "server-only";
import type { SandboxContext, SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError, throwIfFieldErrors, type FieldErrors } from "@/lib/sandbox/errors";
import { success } from "@/lib/sandbox/http";
import { emitCardholderEvent } from "@/lib/sandbox/lifecycle";
import type { FieldDescriptor } from "@/lib/sandbox/products";
import { checkFormats, missingFields, pickKnownFields, type CardholderInput } from "@/lib/sandbox/rules/cardholder";
import { insertCardholder, kycReferenceExists } from "@/lib/sandbox/store/cardholders";
import { findMissingFileIds } from "@/lib/sandbox/store/files";
import { isUniqueViolation, lifecycleDeps, newId, requireCatalogProduct } from "@/lib/sandbox/handlers/support";

/** Choice: without a chosen product (v1, or v2 without card_product_id) a cardholder needs a name and an email. */
const BASIC_REQUIRED: FieldDescriptor[] = ["first_name", "last_name", "email"].map((name) => ({ name, type: "string", required: true }));

/** Format, required-field and file-id errors of a cardholder's fields, all at once. */
export async function cardholderFieldErrors(
  ctx: SandboxContext,
  fields: CardholderInput,
  required: FieldDescriptor[],
): Promise<FieldErrors> {
  const { errors, fileIds } = checkFormats(fields, ctx.now);
  for (const path of missingFields(required, fields)) errors[path] ??= "is required";
  const unknown = new Set(await findMissingFileIds(ctx.db, [...new Set(fileIds.values())]));
  for (const [path, id] of fileIds) if (unknown.has(id)) errors[path] ??= "no uploaded file has this id";
  return errors;
}

const REF_TAKEN = () =>
  new SandboxError(
    "CARDHOLDER_KYC_REFERENCE_ALREADY_EXISTS",
    "kyc_proof.reference_id was used before; each proof needs its own reference.",
    {
      "kyc_verification.kyc_proof.reference_id": "already in use",
    },
  );

async function createCardholder(ctx: SandboxContext, version: "v1" | "v2") {
  const body = ctx.json();
  const product = body.card_product_id === undefined || version === "v1" ? undefined : requireCatalogProduct(ctx, body.card_product_id);
  const fields = pickKnownFields(body);
  const errors = await cardholderFieldErrors(ctx, fields, product?.cardholder_required_fields ?? BASIC_REQUIRED);
  if (version === "v1" && fields.kyc_verification !== undefined) {
    errors.kyc_verification = "v1 creates cardholders without KYC; use POST /api/open/v2/issuing/cardholders";
  }
  throwIfFieldErrors(errors);

  const kyc = fields.kyc_verification as { method?: "REDIRECT_LINK" | "THIRD_PARTY"; kyc_proof?: { reference_id?: string } } | undefined;
  const method = kyc?.method ?? null;
  const referenceId = method === "THIRD_PARTY" ? (kyc?.kyc_proof?.reference_id ?? null) : null;
  if (referenceId && (await kycReferenceExists(ctx.db, referenceId))) throw REF_TAKEN();

  const delayed = new Date(ctx.now.getTime() + ctx.config.approvalDelayMs);
  const id = newId("ch_");
  try {
    await ctx.db.transaction(async (tx) => {
      await insertCardholder(tx, {
        id,
        productId: product?.id ?? null,
        fields,
        status: "PENDING",
        // REDIRECT_LINK waits for the person on the hosted page; THIRD_PARTY proofs are checked after the delay;
        // without KYC (basic flow) only the platform approval remains.
        kycStatus: method === "THIRD_PARTY" ? "PENDING" : "NOT_STARTED",
        kycMethod: method,
        kycReferenceId: referenceId,
        kycDueAt: method === "THIRD_PARTY" ? delayed : null,
        approvalDueAt: method === null ? delayed : null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await emitCardholderEvent(tx, "cardholder.created", id, lifecycleDeps(ctx));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw REF_TAKEN();
    throw error;
  }
  ctx.notify();
  return success({ id });
}

// POST /api/open/v2/issuing/cardholders - creates a cardholder with the chosen product's fields and KYC method.
export const createCardholderV2: SandboxHandler = (ctx) => createCardholder(ctx, "v2");

// POST /api/open/v1/issuing/cardholders - the basic flow: no KYC, platform approval only.
export const createCardholderV1: SandboxHandler = (ctx) => createCardholder(ctx, "v1");

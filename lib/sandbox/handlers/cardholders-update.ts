import "server-only";
import type { SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError, throwIfFieldErrors } from "@/lib/sandbox/errors";
import { success } from "@/lib/sandbox/http";
import { emitCardholderEvent } from "@/lib/sandbox/lifecycle";
import { pickKnownFields, type CardholderInput } from "@/lib/sandbox/rules/cardholder";
import { findCardholder, updateCardholder } from "@/lib/sandbox/store/cardholders";
import { cardholderFieldErrors } from "@/lib/sandbox/handlers/cardholders-create";
import { currentCardholder } from "@/lib/sandbox/handlers/cardholders-read";
import { loadWireCardholder } from "@/lib/sandbox/handlers/cardholder-view";
import { lifecycleDeps } from "@/lib/sandbox/handlers/support";

/** Fields that identify the person: frozen once an identity check has started (choice: update semantics not shown). */
const IDENTITY_BOUND = ["first_name", "last_name", "birth_date", "nationality", "identity", "ssn"];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Partial update: top-level fields replace, object fields (identity, addresses) merge key by key. */
function merge(stored: CardholderInput, patch: CardholderInput): CardholderInput {
  const out: CardholderInput = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    out[key] = isObject(value) && isObject(stored[key]) ? { ...stored[key], ...value } : value;
  }
  return out;
}

// PUT /api/open/v1/issuing/cardholders - body { cardholder_id, ...fields to change }; answers the updated record.
export const updateCardholderV1: SandboxHandler = async (ctx) => {
  const body = ctx.json();
  const id = typeof body.cardholder_id === "string" ? body.cardholder_id : typeof body.id === "string" ? body.id : undefined;
  if (!id) throw new SandboxError("VALIDATION_ERROR", "cardholder_id is required.", { cardholder_id: "is required" });
  const row = await currentCardholder(ctx, id);

  const patch = pickKnownFields(body);
  const errors: Record<string, string> = {};
  if ("kyc_verification" in patch) errors.kyc_verification = "cannot be changed after creation";
  if (body.card_product_id !== undefined) errors.card_product_id = "cannot be changed after creation";
  if (row.kycStatus !== "NOT_STARTED") {
    for (const key of IDENTITY_BOUND) if (key in patch) errors[key] = "cannot be changed once identity verification has started";
  }
  if (Object.keys(patch).length === 0 && Object.keys(errors).length === 0) {
    throw new SandboxError("VALIDATION_ERROR", "Nothing to update: send at least one cardholder field.");
  }
  throwIfFieldErrors(errors);
  const merged = merge(row.fields, patch);
  throwIfFieldErrors(await cardholderFieldErrors(ctx, merged, []));

  await ctx.db.transaction(async (tx) => {
    await updateCardholder(tx, id, { fields: merged, updatedAt: ctx.now });
    await emitCardholderEvent(tx, "cardholder.updated", id, lifecycleDeps(ctx));
  });
  ctx.notify();
  const updated = await findCardholder(ctx.db, id);
  return success(updated ? await loadWireCardholder(ctx.db, updated, ctx.now, ctx.config.appUrl, false) : { id });
};

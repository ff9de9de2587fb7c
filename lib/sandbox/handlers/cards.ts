import "server-only";
import { randomInt } from "node:crypto";
import type { SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError, throwIfFieldErrors } from "@/lib/sandbox/errors";
import { success } from "@/lib/sandbox/http";
import { productNeedsKyc } from "@/lib/sandbox/products";
import { missingFields } from "@/lib/sandbox/rules/cardholder";
import { countryRestrictions } from "@/lib/sandbox/rules/restrictions";
import { countLiveCards, insertCard, totalsLoadedOnCards } from "@/lib/sandbox/store/cards";
import { findCardholder } from "@/lib/sandbox/store/cardholders";
import { OPENING_BALANCES } from "@/lib/sandbox/handlers/reference-data";
import { currentCardholder } from "@/lib/sandbox/handlers/cardholders-read";
import { money, newId, optionalString, requireCatalogProduct } from "@/lib/sandbox/handlers/support";

function maskedNumber(scheme: string): string {
  const bin = scheme.toUpperCase() === "MASTERCARD" ? "522981" : "453201";
  return `${bin}******${String(randomInt(0, 10_000)).padStart(4, "0")}`;
}

function parseAmount(value: unknown, errors: Record<string, string>): number {
  if (typeof value !== "number" || !Number.isFinite(value)) errors.recharge_amount = "is required: a number, 0 allowed";
  else if (value < 0) errors.recharge_amount = "must not be negative";
  else if (Math.round(value * 100) !== value * 100) errors.recharge_amount = "must have at most 2 decimal places";
  return typeof value === "number" ? value : 0;
}

// POST /api/open/v2/issuing/cards - opens a card for an approved cardholder (rules: spec "States and transitions").
export const createCard: SandboxHandler = async (ctx) => {
  const body = ctx.json();
  const errors: Record<string, string> = {};
  if (typeof body.cardholder_id !== "string" || !body.cardholder_id) errors.cardholder_id = "is required";
  const label = optionalString(body, "label", 64, errors);
  const outId = optionalString(body, "out_id", 64, errors);
  const amount = parseAmount(body.recharge_amount, errors);
  throwIfFieldErrors(errors);
  const product = requireCatalogProduct(ctx, body.card_product_id);
  await currentCardholder(ctx, String(body.cardholder_id));

  const result = await ctx.db.transaction(async (tx) => {
    // The row lock serialises card creation per cardholder, so the card limit holds under concurrency.
    const row = await findCardholder(tx, String(body.cardholder_id), true);
    if (!row) throw new SandboxError("CARDHOLDER_NOT_FOUND", "No such cardholder.");
    if (row.kycStatus === "REJECTED")
      throw new SandboxError("CARDHOLDER_KYC_REJECTED", "The cardholder's identity verification was rejected.");
    if (row.status === "FAILED") throw new SandboxError("CARDHOLDER_FAILED", "The platform did not approve this cardholder.");
    const missing = missingFields(product.cardholder_required_fields, row.fields);
    if (missing.length > 0) {
      throw new SandboxError(
        "CARDHOLDER_FIELDS_INCOMPLETE",
        `The cardholder lacks fields this product requires: ${missing.join(", ")}.`,
        Object.fromEntries(missing.map((m) => [m, "is required by this product"])),
      );
    }
    const restricted = countryRestrictions(product, row.fields);
    if (restricted.length > 0) {
      throw new SandboxError(
        "COUNTRY_RESTRICTION",
        "The product's region rules bar this cardholder.",
        Object.fromEntries(restricted.map((r) => [r.field, r.message])),
      );
    }
    // Rule 5: a THIRD_PARTY cardholder whose proof is still being checked gets a card that waits (WAITING_KYC).
    const waiting = productNeedsKyc(product) && row.kycMethod === "THIRD_PARTY" && row.kycStatus === "PENDING";
    if (productNeedsKyc(product) && !waiting && row.kycStatus !== "VERIFIED") {
      throw new SandboxError(
        "CARDHOLDER_KYC_NOT_COMPLETE",
        "The cardholder has not completed identity verification (kyc_status must be VERIFIED).",
      );
    }
    if (!waiting && row.status !== "SUCCESS") {
      throw new SandboxError("CARDHOLDER_NOT_APPROVED", "The cardholder is waiting for platform approval (status must be SUCCESS).");
    }
    const minimum = Math.max(product.min_open_card_amount, product.min_recharge_amount);
    if (amount > 0 && amount < minimum) {
      throw new SandboxError("RECHARGE_AMOUNT_TOO_LOW", `recharge_amount must be 0 or at least ${money(minimum)}.`, {
        recharge_amount: `0 or at least ${money(minimum)}`,
      });
    }
    const max = product.max_cards_per_cardholder;
    if (max !== null && (await countLiveCards(tx, row.id, product.id)) >= max) {
      throw new SandboxError("CARD_LIMIT_REACHED", `This product allows at most ${max} card(s) per cardholder.`);
    }
    const currency = product.card_currency;
    const available = (OPENING_BALANCES[currency] ?? 0) - ((await totalsLoadedOnCards(tx)).get(currency) ?? 0);
    if (amount > available)
      throw new SandboxError("INSUFFICIENT_BALANCE", `The issuing account has ${money(available)} ${currency} available.`);

    const id = newId("card_");
    const status = waiting ? ("WAITING_KYC" as const) : ("ACTIVE" as const);
    await insertCard(tx, {
      id,
      cardholderId: row.id,
      productId: product.id,
      label: label ?? null,
      outId: outId ?? null,
      status,
      currency,
      rechargeAmount: money(amount),
      availableBalance: money(amount),
      maskedNumber: maskedNumber(product.card_scheme),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    return { id, status };
  });
  return success(result);
};

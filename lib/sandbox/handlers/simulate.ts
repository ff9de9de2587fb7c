import "server-only";
import { randomBytes, randomInt } from "node:crypto";
import { z } from "zod";
import type { SandboxContext, SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import { emitEvent, isoSeconds } from "@/lib/sandbox/events";
import { faultsSchema, setFaults } from "@/lib/sandbox/faults";
import { success } from "@/lib/sandbox/http";
import { decideKyc, setPlatformStatus } from "@/lib/sandbox/lifecycle";
import { findCard, setCardBalance } from "@/lib/sandbox/store/cards";
import { findCardholder } from "@/lib/sandbox/store/cardholders";
import { lifecycleDeps, money } from "@/lib/sandbox/handlers/support";

function parse<T>(schema: z.ZodType<T>, ctx: SandboxContext): T {
  const result = schema.safeParse(ctx.json());
  if (result.success) return result.data;
  const fields = Object.fromEntries(result.error.issues.map((i) => [i.path.join(".") || "body", i.message]));
  throw new SandboxError("VALIDATION_ERROR", "The request body is invalid.", fields);
}

async function cardholderState(ctx: SandboxContext, id: string) {
  const row = await findCardholder(ctx.db, id);
  return { id, status: row?.status, kyc_status: row?.kycStatus };
}

// POST /sandbox/simulate/cardholders/{id}/kyc - sets the KYC decision and emits cardholder.kyc.status_changed.
export const simulateKyc: SandboxHandler = async (ctx) => {
  const { kyc_status } = parse(z.object({ kyc_status: z.enum(["VERIFIED", "REJECTED"]) }), ctx);
  const id = ctx.params.id ?? "";
  if (!(await decideKyc(lifecycleDeps(ctx), id, kyc_status))) throw new SandboxError("CARDHOLDER_NOT_FOUND", `No cardholder ${id}.`);
  ctx.notify();
  return success(await cardholderState(ctx, id));
};

// POST /sandbox/simulate/cardholders/{id}/status - sets the platform approval and emits cardholder.updated.
export const simulateStatus: SandboxHandler = async (ctx) => {
  const { status } = parse(z.object({ status: z.enum(["SUCCESS", "FAILED"]) }), ctx);
  const id = ctx.params.id ?? "";
  if (!(await setPlatformStatus(lifecycleDeps(ctx), id, status))) throw new SandboxError("CARDHOLDER_NOT_FOUND", `No cardholder ${id}.`);
  ctx.notify();
  return success(await cardholderState(ctx, id));
};

// Fixed sandbox rates to the card's currency, per 1 USD: enough to show billing vs. transaction amounts.
const USD_RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, HKD: 7.8, SGD: 1.35, CNY: 7.2, JPY: 150 };
const authorizationSchema = z.object({
  amount: z
    .union([z.string().regex(/^\d+(\.\d{1,2})?$/), z.number().positive()])
    .transform(Number)
    .refine((n) => n > 0, "must be positive"),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .refine((c) => c in USD_RATES, "unsupported currency in the sandbox"),
  merchant_name: z.string().min(1).max(64),
});

// POST /sandbox/simulate/cards/{id}/authorizations - an authorization on an ACTIVE card; declined beyond its balance.
export const simulateAuthorization: SandboxHandler = async (ctx) => {
  const input = parse(authorizationSchema, ctx);
  const event = await ctx.db.transaction(async (tx) => {
    const card = await findCard(tx, ctx.params.id ?? "", true);
    if (!card) throw new SandboxError("CARD_NOT_FOUND", `No card ${ctx.params.id}.`);
    if (card.status !== "ACTIVE") throw new SandboxError("CARD_NOT_ACTIVE", `Card ${card.id} is ${card.status}.`);
    const billing = Math.round(((input.amount * (USD_RATES[card.currency] ?? 1)) / (USD_RATES[input.currency] ?? 1)) * 100) / 100;
    const before = Number(card.availableBalance);
    const approved = billing <= before;
    const after = approved ? before - billing : before;
    if (approved) await setCardBalance(tx, card.id, money(after), ctx.now);
    const transactionId = `txn_${randomBytes(10).toString("hex")}`;
    const data = {
      authorization_code: String(randomInt(100_000, 1_000_000)),
      billing_amount: money(billing),
      billing_currency: card.currency,
      card_available_balance: money(after),
      card_id: card.id,
      card_number: card.maskedNumber,
      cardholder_id: card.cardholderId,
      description: `${input.merchant_name} purchase`,
      fee_pass_through: "N",
      merchant_data: [{ category_code: "5999", city: "Singapore", country: "SG", name: input.merchant_name }],
      original_transaction_id: "",
      posted_time: isoSeconds(ctx.now).replace("Z", "+00:00"),
      short_transaction_id: transactionId.slice(-8).toUpperCase(),
      transaction_amount: money(input.amount),
      transaction_currency: input.currency,
      transaction_fee: money(0),
      transaction_fee_currency: "",
      transaction_id: transactionId,
      transaction_status: approved ? "APPROVED" : "DECLINED",
      transaction_time: isoSeconds(ctx.now).replace("Z", "+00:00"),
      transaction_type: "AUTHORIZATION",
      wallet_type: "",
    };
    const eventId = await emitEvent(tx, "card.transaction.authorization", data, ctx.now);
    return {
      event_id: eventId,
      transaction_id: transactionId,
      transaction_status: data.transaction_status,
      card_available_balance: data.card_available_balance,
    };
  });
  ctx.notify();
  return success(event);
};

// PUT /sandbox/simulate/faults - error_rate, drop_rate, latency_ms for the Open API endpoints; {} turns them off.
export const simulateFaults: SandboxHandler = async (ctx) => success(await setFaults(ctx.db, parse(faultsSchema, ctx)));

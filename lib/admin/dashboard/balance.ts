import { z } from "zod";
import type { IssuerProduct } from "@/lib/issuer/types";

// The issuing balance as the dashboard reads it. The spec does not show the balance's shape: the sandbox answers
// { account_no, balances: [{ currency, available_amount, frozen_amount }] }; a bare list or one entry is accepted too.

export type Balance = { currency: string; available: number; frozen: number };

const entry = z.object({
  currency: z.string().min(1),
  available_amount: z.coerce.number().finite(),
  frozen_amount: z.coerce.number().finite().default(0),
});
const shape = z.union([z.object({ balances: z.array(entry) }).transform((v) => v.balances), z.array(entry), entry.transform((v) => [v])]);

/** The balances per currency, or undefined when the answer has none of the known shapes. */
export function parseBalances(raw: unknown): Balance[] | undefined {
  const parsed = shape.safeParse(raw);
  if (!parsed.success) return undefined;
  return parsed.data.map((b) => ({ currency: b.currency.toUpperCase(), available: b.available_amount, frozen: b.frozen_amount }));
}

/**
 * The balance the warning watches, and card openings of a product whose currency is unknown draw on: the USD
 * balance when there is one (the sandbox's default card currency), else the first listed.
 */
export function fundingBalance(balances: Balance[]): Balance | undefined {
  return balances.find((b) => b.currency === "USD") ?? balances[0];
}

/** Below the configured threshold (ADMIN_BALANCE_WARNING), compared with the funding balance's available amount. */
export function isBalanceLow(balance: Balance | undefined, threshold: number | undefined): boolean {
  return balance !== undefined && threshold !== undefined && balance.available < threshold;
}

export type Openings = { productId: string; name: string; currency: string; amount: number; covers: number | null };

/**
 * How many cards of each enabled product the balance can still open: the balance in the product's card currency
 * (the funding balance when the catalog names none) over the larger of its minimum opening and minimum recharge
 * amounts (null when the product asks for no minimum: the balance sets no limit).
 */
export function openingsOf(balances: Balance[], products: IssuerProduct[]): Openings[] {
  const funding = fundingBalance(balances);
  return products
    .filter((p) => p.status === "ENABLED")
    .map((p) => {
      const balance = balances.find((b) => b.currency === p.cardCurrency) ?? funding;
      const amount = Math.max(p.minOpenCardAmount, p.minRechargeAmount, 0);
      const covers = amount > 0 ? Math.max(0, Math.floor((balance?.available ?? 0) / amount)) : null;
      return { productId: p.id, name: p.name, currency: balance?.currency ?? "", amount, covers };
    });
}

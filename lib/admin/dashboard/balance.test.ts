import { describe, expect, it } from "vitest";
import { fundingBalance, isBalanceLow, openingsOf, parseBalances } from "@/lib/admin/dashboard/balance";
import type { IssuerProduct } from "@/lib/issuer/types";

// The issuing balance as read from the issuer's answer, the warning threshold, and the card openings it covers.

const product = (id: string, status: string, open: number, recharge: number, cardCurrency?: string): IssuerProduct => ({
  id,
  name: `Card ${id}`,
  status,
  kycLevel: "Standard",
  modelType: "",
  cardScheme: "",
  country: "",
  supportBillingRegion: [],
  supportNationality: [],
  sanctionedNationality: [],
  supportAreaCode: [],
  requiredFields: [],
  minOpenCardAmount: open,
  minRechargeAmount: recharge,
  maxCardsPerCardholder: null,
  ...(cardCurrency ? { cardCurrency } : {}),
});

describe("the balance answer", () => {
  it("reads the sandbox's shape, a bare list or one entry, amounts as decimal strings", () => {
    const sandbox = { account_no: "****1234", balances: [{ currency: "usd", available_amount: "99990.50", frozen_amount: "0.00" }] };
    expect(parseBalances(sandbox)).toEqual([{ currency: "USD", available: 99990.5, frozen: 0 }]);
    expect(parseBalances([{ currency: "EUR", available_amount: 10 }])).toEqual([{ currency: "EUR", available: 10, frozen: 0 }]);
    expect(parseBalances({ currency: "HKD", available_amount: "5", frozen_amount: "1" })).toEqual([
      { currency: "HKD", available: 5, frozen: 1 },
    ]);
  });

  it("is unreadable when it has none of those shapes", () => {
    expect(parseBalances(null)).toBeUndefined();
    expect(parseBalances({ balance: 12 })).toBeUndefined();
    expect(parseBalances({ balances: [{ currency: "USD", available_amount: "n/a" }] })).toBeUndefined();
  });
});

describe("the warning", () => {
  const balances = [
    { currency: "EUR", available: 50, frozen: 0 },
    { currency: "USD", available: 900, frozen: 0 },
  ];
  it("watches the USD balance (else the first) against the threshold, and never warns without a threshold", () => {
    expect(fundingBalance(balances)?.currency).toBe("USD");
    expect(fundingBalance([balances[0]!])?.currency).toBe("EUR");
    expect(isBalanceLow(fundingBalance(balances), 1000)).toBe(true);
    expect(isBalanceLow(fundingBalance(balances), 900)).toBe(false);
    expect(isBalanceLow(fundingBalance(balances), undefined)).toBe(false);
    expect(isBalanceLow(undefined, 1000)).toBe(false);
  });
});

describe("card openings covered", () => {
  it("divides the balance in the card's currency by the larger minimum, for enabled cards only", () => {
    const balances = [
      { currency: "USD", available: 1005, frozen: 0 },
      { currency: "EUR", available: 120, frozen: 0 },
    ];
    const openings = openingsOf(balances, [
      product("a", "ENABLED", 10, 10),
      product("b", "ENABLED", 50, 20, "EUR"),
      product("c", "ENABLED", 0, 0),
      product("d", "DISABLED", 1, 1),
      product("e", "ENABLED", 5, 25, "GBP"),
    ]);
    expect(openings.map((o) => [o.productId, o.currency, o.amount, o.covers])).toEqual([
      ["a", "USD", 10, 100],
      ["b", "EUR", 50, 2],
      ["c", "USD", 0, null],
      ["e", "USD", 25, 40],
    ]);
  });
});

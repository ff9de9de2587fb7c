import "server-only";
import { isCountryCode } from "@/lib/countries";
import type { SandboxHandler } from "@/lib/sandbox/context";
import cities from "@/lib/sandbox/data/cities.json";
import { SandboxError } from "@/lib/sandbox/errors";
import { maskAccountNo, SANDBOX_ACCOUNT_NO } from "@/lib/sandbox/events";
import { success } from "@/lib/sandbox/http";
import { totalsLoadedOnCards } from "@/lib/sandbox/store/cards";
import { money, products } from "@/lib/sandbox/handlers/support";

/** Choice (response shape not shown): the issuing account starts with this much in each currency. */
export const OPENING_BALANCES: Record<string, number> = { USD: 100_000, EUR: 100_000, HKD: 800_000, SGD: 130_000 };

// GET /api/open/v1/issuing/products - the whole catalog, every status (the caller filters ENABLED).
export const listProducts: SandboxHandler = async (ctx) => success(products(ctx));

// GET /api/open/v1/account/issuing/balance - opening balance minus what was loaded onto cards.
export const getBalance: SandboxHandler = async (ctx) => {
  const loaded = await totalsLoadedOnCards(ctx.db);
  const balances = Object.entries(OPENING_BALANCES).map(([currency, opening]) => ({
    currency,
    available_amount: money(opening - (loaded.get(currency) ?? 0)),
    frozen_amount: money(0),
  }));
  return success({ account_no: maskAccountNo(SANDBOX_ACCOUNT_NO), balances });
};

type City = { code: string; name: string; state: string; state_code: string };
const CITIES = cities as Record<string, City[]>;

// GET /api/open/v1/common/cities?country=XX - a small realistic dataset; shape (not shown) is the sandbox's choice:
// data is an array of { code, name, state, state_code }; a valid country without data gives [].
export const listCities: SandboxHandler = async (ctx) => {
  const country = ctx.query.get("country")?.trim().toUpperCase();
  if (!country) throw new SandboxError("VALIDATION_ERROR", "The country query parameter is required.", { country: "is required" });
  if (!isCountryCode(country)) {
    throw new SandboxError("VALIDATION_ERROR", "country must be an ISO 3166-1 alpha-2 code.", { country: "unknown country code" });
  }
  return success(CITIES[country] ?? []);
};

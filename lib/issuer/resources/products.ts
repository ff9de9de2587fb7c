import { z } from "zod";
import type { IssuerClient } from "@/lib/issuer/client";
import type { IssuerProduct } from "@/lib/issuer/types";
import type { FieldDescriptor } from "@/lib/requirements/types";

const descriptor: z.ZodType<FieldDescriptor> = z.lazy(() =>
  z.object({ name: z.string(), type: z.string(), required: z.boolean(), fields: z.array(descriptor).optional() }),
);
const countries = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? []);

export const wireProduct = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  kyc_level: z.enum(["Simplified", "Standard", "Enhanced"]),
  model_type: z.string().default(""),
  card_scheme: z.string().default(""),
  country: z.string().default(""),
  support_billing_region: countries,
  support_nationality: countries,
  sanctioned_nationality: countries,
  support_area_code: countries,
  cardholder_required_fields: z.array(descriptor),
  min_open_card_amount: z.coerce.number().default(0),
  min_recharge_amount: z.coerce.number().default(0),
  max_cards_per_cardholder: z
    .union([z.number().int(), z.literal(""), z.null()])
    .optional()
    .transform((v) => (typeof v === "number" ? v : null)),
  card_currency: z.string().length(3).optional().catch(undefined),
});

export const toProduct = (p: z.infer<typeof wireProduct>): IssuerProduct => ({
  id: p.id,
  name: p.name,
  status: p.status,
  kycLevel: p.kyc_level,
  modelType: p.model_type,
  cardScheme: p.card_scheme,
  country: p.country,
  supportBillingRegion: p.support_billing_region,
  supportNationality: p.support_nationality,
  sanctionedNationality: p.sanctioned_nationality,
  supportAreaCode: p.support_area_code,
  requiredFields: p.cardholder_required_fields,
  minOpenCardAmount: p.min_open_card_amount,
  minRechargeAmount: p.min_recharge_amount,
  maxCardsPerCardholder: p.max_cards_per_cardholder,
  ...(p.card_currency ? { cardCurrency: p.card_currency.toUpperCase() } : {}),
});

// GET /api/open/v1/issuing/products (3)
export async function listProducts(client: IssuerClient): Promise<IssuerProduct[]> {
  return (await client.call({ method: "GET", path: "/api/open/v1/issuing/products", schema: z.array(wireProduct) })).map(toProduct);
}

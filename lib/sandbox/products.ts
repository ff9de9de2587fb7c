import "server-only";
import { readFileSync } from "node:fs";
import { z } from "zod";
import builtIn from "@/lib/sandbox/data/products.json";

export type FieldDescriptor = { name: string; type: string; required: boolean; fields?: FieldDescriptor[] };

const descriptorSchema: z.ZodType<FieldDescriptor> = z.lazy(() =>
  z.object({
    name: z.string().min(1),
    type: z.string().min(1),
    required: z.boolean(),
    fields: z.array(descriptorSchema).optional(),
  }),
);

export const productSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  status: z.string().min(1),
  kyc_level: z.enum(["Simplified", "Standard", "Enhanced"]),
  model_type: z.string().min(1),
  card_scheme: z.string().min(1),
  country: z.string().length(2),
  /** Not in the spec's table: the currency of the card's balance (defaults to USD). */
  card_currency: z.string().length(3).default("USD"),
  support_billing_region: z.array(z.string()),
  support_nationality: z.array(z.string()),
  sanctioned_nationality: z.array(z.string()),
  support_area_code: z.array(z.string()),
  cardholder_required_fields: z.array(descriptorSchema),
  min_open_card_amount: z.number().min(0),
  min_recharge_amount: z.number().min(0),
  max_cards_per_cardholder: z.number().int().positive().nullable(),
});

export type SandboxProduct = z.infer<typeof productSchema>;

const catalogSchema = z.array(productSchema).min(1);
const cache = new Map<string, SandboxProduct[]>();

/** The catalog: the built-in data file, or SANDBOX_PRODUCTS_FILE when set (validated, read once). */
export function loadProducts(file: string | undefined): SandboxProduct[] {
  const key = file ?? "<built-in>";
  const hit = cache.get(key);
  if (hit) return hit;
  const raw: unknown = file ? JSON.parse(readFileSync(file, "utf8")) : builtIn;
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`SANDBOX_PRODUCTS_FILE ${key} is not a valid product catalog: ${parsed.error.issues[0]?.message ?? ""}`);
  }
  cache.set(key, parsed.data);
  return parsed.data;
}

/** Whether cardholders of this product go through KYC (the spec's rule). */
export function productNeedsKyc(product: SandboxProduct): boolean {
  if (product.kyc_level !== "Simplified") return true;
  const kycFields = new Set(["identity", "billing_address", "residential_address", "kyc_verification"]);
  return product.cardholder_required_fields.some((d) => d.required && kycFields.has(d.name));
}

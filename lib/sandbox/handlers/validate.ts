import "server-only";
import type { SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError, throwIfFieldErrors } from "@/lib/sandbox/errors";
import { success } from "@/lib/sandbox/http";
import { checkFormats, missingFields, pickKnownFields } from "@/lib/sandbox/rules/cardholder";
import { countryRestrictions } from "@/lib/sandbox/rules/restrictions";
import { findCardholder } from "@/lib/sandbox/store/cardholders";
import { products, requireCatalogProduct } from "@/lib/sandbox/handlers/support";

type Issue =
  | { type: "MISSING_FIELDS"; card_product_id: string; missing_fields: string[]; message: string }
  | { type: "COUNTRY_RESTRICTION"; card_product_id: string; field: string; value: string; message: string };

// POST /api/open/v2/issuing/cardholders/validate - checks a draft (or a cardholder) against one or all ENABLED products.
// Choices where the response is not shown: `valid` is true when every checked product accepts the draft;
// `eligible_products` lists those that do; malformed values answer VALIDATION_ERROR with their paths.
export const validateCardholder: SandboxHandler = async (ctx) => {
  const body = ctx.json();
  const checked =
    body.card_product_id === undefined
      ? products(ctx).filter((p) => p.status === "ENABLED")
      : [requireCatalogProduct(ctx, body.card_product_id)];

  let draft = pickKnownFields(body);
  if (body.cardholder_id !== undefined) {
    const row = typeof body.cardholder_id === "string" ? await findCardholder(ctx.db, body.cardholder_id) : undefined;
    if (!row)
      throw new SandboxError("CARDHOLDER_NOT_FOUND", "No cardholder with this cardholder_id.", { cardholder_id: "unknown cardholder" });
    // The stored cardholder takes priority; the draft only fills what it lacks.
    draft = { ...draft, ...row.fields };
  }
  throwIfFieldErrors(checkFormats(draft, ctx.now).errors, "Some draft fields are malformed.");

  const issues: Issue[] = [];
  const eligible: string[] = [];
  const allMissing = new Set<string>();
  for (const product of checked) {
    const missing = missingFields(product.cardholder_required_fields, draft);
    const restrictions = countryRestrictions(product, draft);
    if (missing.length > 0) {
      missing.forEach((m) => allMissing.add(m));
      issues.push({
        type: "MISSING_FIELDS",
        card_product_id: product.id,
        missing_fields: missing,
        message: `${missing.length} required field(s) missing`,
      });
    }
    for (const r of restrictions) issues.push({ type: "COUNTRY_RESTRICTION", card_product_id: product.id, ...r });
    if (missing.length === 0 && restrictions.length === 0) eligible.push(product.id);
  }
  return success({
    valid: issues.length === 0,
    issues,
    missing_fields: [...allMissing],
    eligible_products: eligible,
    checked_products: checked.map((p) => p.id),
  });
};

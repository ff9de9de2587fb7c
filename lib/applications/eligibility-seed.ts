import { isCountryCode } from "@/lib/countries";
import { AREA_CODE_RE } from "@/lib/requirements/patterns";
import { planFields } from "@/lib/requirements/plan";
import { restrictionIssues } from "@/lib/requirements/restrictions";
import type { FormPlan, ProductRequirements } from "@/lib/requirements/types";

/** The home page's eligibility answers, as posted with "Apply for this card" (untrusted form values). */
export type EligibilityAnswers = { nationality?: unknown; residence?: unknown; areaCode?: unknown };

/**
 * The first answers of a new draft, from the home page's eligibility check: each only when well formed, asked by
 * this card's form and accepted by this card (anything else is left for the person to answer on its step).
 * Residence is taken as the billing address's country, the one the card's region rule reads.
 */
export function eligibilitySeed(product: ProductRequirements, plan: FormPlan, answers: EligibilityAnswers): Record<string, unknown> {
  const asked = new Set(planFields(plan).map((f) => f.path));
  const nationality = isCountryCode(answers.nationality) ? answers.nationality : undefined;
  const residence = isCountryCode(answers.residence) ? answers.residence : undefined;
  const areaCode = typeof answers.areaCode === "string" && AREA_CODE_RE.test(answers.areaCode) ? answers.areaCode : undefined;
  const refused = new Set(restrictionIssues(product, { nationality, billingCountry: residence, areaCode }).map((i) => i.path));
  const usable = (path: string, value: string | undefined) => value !== undefined && asked.has(path) && !refused.has(path);
  const seed: Record<string, unknown> = {};
  if (usable("nationality", nationality)) seed.nationality = nationality;
  if (usable("area_code", areaCode)) seed.area_code = areaCode;
  if (usable("billing_address.country", residence)) seed.billing_address = { country: residence };
  return seed;
}

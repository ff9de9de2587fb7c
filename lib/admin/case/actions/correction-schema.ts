import { z } from "zod";
import { orBlank } from "@/lib/api/schemas/blank";
import { isPlainObject, valueAt } from "@/lib/dotted-paths";
import {
  addressLineSchema,
  areaCodeSchema,
  countrySchema,
  emailSchema,
  mobileNumberSchema,
  postcodeSchema,
  type ErrorKey,
} from "@/lib/requirements/limits";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { knowsCallingCode, normaliseMobile } from "@/lib/requirements/phone";
import { restrictionIssues, type RestrictionLists } from "@/lib/requirements/restrictions";
import { countryHasPostcodes } from "@/lib/requirements/address-formats";

// The contact details and billing address staff may correct upstream, checked with the cardholder form's own
// limits and cross-field rules (mobile per calling code, trunk prefix, the product's country restrictions).
// Only what is sent is checked and changed: a product that never collected an address needs none (issue #27).
// No server code here: the correction form runs the same check in the browser.

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blank, schema.optional()).meta({ override: orBlank({ pattern: "^\\s*$" }) });
// A sent field left blank is missing ("errors.field.required"); a field not sent is left as it is.
const required = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema);
const sent = <T extends z.ZodType>(schema: T) => required(schema).optional();

export const CORRECTABLE = [
  "email",
  "area_code",
  "mobile_number",
  "billing_address.country",
  "billing_address.state",
  "billing_address.city",
  "billing_address.district",
  "billing_address.line1",
  "billing_address.line2",
  "billing_address.postcode",
] as const;
export type CorrectablePath = (typeof CORRECTABLE)[number];

const addressSchema = z.object({
  country: required(countrySchema),
  state: optional(addressLineSchema),
  city: required(addressLineSchema),
  district: optional(addressLineSchema),
  line1: required(addressLineSchema),
  line2: optional(addressLineSchema),
  // Required where the country has postcodes (crossFieldIssues): Hong Kong has none, as on the cardholder form.
  postcode: optional(postcodeSchema),
});

export const correctionSchema = z.object({
  email: sent(emailSchema),
  area_code: sent(areaCodeSchema),
  mobile_number: sent(mobileNumberSchema),
  // The address is one object upstream: sent whole (every box of it) once any of it changes.
  billing_address: addressSchema.optional(),
});
export type Correction = z.infer<typeof correctionSchema>;

/** What the rules need beyond the input: the product's region lists and the saved answers (the other half of a phone). */
export type CorrectionContext = { restrictions: RestrictionLists; saved: Record<string, unknown> };
export type CorrectionCheck = { ok: true; data: Correction } | { ok: false; fields: Record<string, ErrorKey> };

/** The correction checked field by field and across fields; a mobile typed with its trunk prefix comes back without it. */
export function checkCorrection(input: unknown, context: CorrectionContext): CorrectionCheck {
  const parsed = correctionSchema.safeParse(input);
  if (!parsed.success) {
    const cross = crossFieldIssues(isPlainObject(input) ? input : {}, context);
    return { ok: false, fields: { ...cross, ...fieldErrorsFromZod(parsed.error) } };
  }
  const issues = crossFieldIssues(parsed.data, context);
  if (Object.keys(issues).length > 0) return { ok: false, fields: issues };
  const data = { ...parsed.data };
  const areaCode = data.area_code ?? stringAt(context.saved, "area_code");
  if (data.mobile_number && areaCode) data.mobile_number = normaliseMobile(areaCode, data.mobile_number) ?? data.mobile_number;
  return { ok: true, data };
}

const stringAt = (root: unknown, path: string) => {
  const v = valueAt(root, path);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
};

/** The mobile against its calling code (the sent one, else the saved one) and the product's region lists. */
function crossFieldIssues(input: Record<string, unknown>, { restrictions, saved }: CorrectionContext): Record<string, ErrorKey> {
  const out: Record<string, ErrorKey> = {};
  const sentArea = stringAt(input, "area_code");
  const sentMobile = stringAt(input, "mobile_number");
  const areaCode = sentArea ?? stringAt(saved, "area_code");
  const mobile = sentMobile ?? stringAt(saved, "mobile_number");
  const phoneSent = sentArea !== undefined || sentMobile !== undefined;
  if (phoneSent && areaCode && mobile && knowsCallingCode(areaCode) && !normaliseMobile(areaCode, mobile)) {
    out.mobile_number = "errors.field.mobile_number";
  }
  const country = valueAt(input, "billing_address.country");
  const address = valueAt(input, "billing_address");
  if (isPlainObject(address) && blank(address.postcode) === undefined && countryHasPostcodes(typeof country === "string" ? country : "")) {
    out["billing_address.postcode"] = "errors.field.required";
  }
  const restricted = { billingCountry: typeof country === "string" ? country.trim().toUpperCase() : undefined, areaCode: sentArea };
  for (const issue of restrictionIssues(restrictions, restricted)) out[issue.path] = issue.message;
  return out;
}

/** The dotted paths sent whose value differs from the saved answers (fields not sent are never changed). */
export function changedPaths(saved: Record<string, unknown>, next: Correction): CorrectablePath[] {
  const norm = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : String(v));
  const wasSent = (path: string) =>
    path.startsWith("billing_address.") ? next.billing_address !== undefined : valueAt(next, path) !== undefined;
  return CORRECTABLE.filter((p) => wasSent(p) && norm(valueAt(saved, p)) !== norm(valueAt(next, p)));
}

import { z } from "zod";
import {
  addressLineSchema,
  areaCodeSchema,
  countrySchema,
  emailSchema,
  mobileNumberSchema,
  postcodeSchema,
} from "@/lib/requirements/limits";

// The contact details and billing address staff may correct upstream, checked with the cardholder form's own
// limits (lib/requirements/limits.ts): the same messages, the same characters, the same lengths.

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
// A blank answer to a required field is missing ("errors.field.required"), not an empty value that passes.
const required = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema);

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

export const correctionSchema = z.object({
  email: required(emailSchema),
  area_code: required(areaCodeSchema),
  mobile_number: required(mobileNumberSchema),
  billing_address: z.object({
    country: required(countrySchema),
    state: optional(addressLineSchema),
    city: required(addressLineSchema),
    district: optional(addressLineSchema),
    line1: required(addressLineSchema),
    line2: optional(addressLineSchema),
    postcode: required(postcodeSchema),
  }),
});
export type Correction = z.infer<typeof correctionSchema>;

/** The dotted paths whose value differs between the saved answers and the correction. */
export function changedPaths(saved: Record<string, unknown>, next: Correction): CorrectablePath[] {
  const at = (obj: Record<string, unknown>, path: string): unknown =>
    path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), obj);
  const norm = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : String(v));
  return CORRECTABLE.filter((p) => norm(at(saved, p)) !== norm(at(next as Record<string, unknown>, p)));
}

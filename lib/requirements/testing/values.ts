import { setPath, valueAt } from "@/lib/dotted-paths";
import fc from "fast-check";
import { getCountries, getCountryCallingCode, getExampleNumber } from "libphonenumber-js/min";
import examples from "libphonenumber-js/examples.mobile.json";
import { knowsCallingCode, normaliseMobile } from "@/lib/requirements/phone";
import { IDENTITY_TYPES, KYC_METHODS } from "@/lib/requirements/limits";
import { isAlwaysRequired, planFields } from "@/lib/requirements/plan";
import { countryOptions } from "@/lib/requirements/restrictions";
import { fieldApplies } from "@/lib/requirements/conditions";
import type { FormPlan, PlanField, ProductRequirements } from "@/lib/requirements/types";

// Test support only: generators of valid answers per field kind, driven by a form plan.

type Answers = Record<string, unknown>;

const pad = (n: number) => String(n).padStart(2, "0");
// Strings over a character set (fc.stringMatching is slow for long patterns).
const chars = (set: string, minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...set), minLength, maxLength });
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const ALNUM = `${LOWER}ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`;
const DIGITS = "0123456789";
const join = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(""));
const dateArb = (fromYear: number, toYear: number) =>
  fc
    .tuple(fc.integer({ min: fromYear, max: toYear }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`);

function kindArb(field: PlanField, product: ProductRequirements, now: Date): fc.Arbitrary<unknown> {
  const year = now.getUTCFullYear();
  switch (field.kind) {
    case "name":
      return fc.oneof(
        fc.constantFrom("Ada", "José", "Zoë O'Neil", "李小龍", "Jean-Luc", "St. John", "Ólafur"),
        join(chars(ALNUM.slice(0, 52), 1, 1), chars(`${ALNUM.slice(0, 52)} .'-`, 0, 40)),
      );
    case "email":
      return join(
        chars(LOWER + DIGITS, 1, 12),
        fc.constantFrom("", ".x", ".a1"),
        fc.constant("@"),
        chars(LOWER + DIGITS, 1, 10),
        fc.constant("."),
        chars(LOWER, 2, 6),
      );
    case "birth-date":
      // Ages 19 to 119 whatever the day: clear of both bounds.
      return dateArb(year - 119, year - 19);
    case "gender":
      return fc.constantFrom(0, 1, 2, "0", "1", "2");
    case "mobile-number":
      return chars(DIGITS, 4, 15);
    case "area-code":
      return product.supportAreaCode.length > 0 ? fc.constantFrom(...product.supportAreaCode) : join(fc.constant("+"), chars(DIGITS, 1, 4));
    case "country": {
      // US half of the time when allowed, so the ssn rule is exercised.
      const options = countryOptions(product, field.countryFilter ?? "any");
      return options.includes("US") ? fc.oneof(fc.constant("US"), fc.constantFrom(...options)) : fc.constantFrom(...options);
    }
    case "ssn":
      return fc.oneof(chars(DIGITS, 9, 9), fc.constant("123-45-6789"));
    case "identity-type":
      return fc.constantFrom(...IDENTITY_TYPES);
    case "identity-number":
      // Printed forms too: spaces and hyphens are dropped, so at least 4 letters or digits besides them.
      return fc.oneof(chars(ALNUM, 4, 30), fc.constant("x-1234-5678"), fc.constant("AB 123 456"));
    case "issue-date":
      return dateArb(year - 20, year - 1);
    case "expiry-date":
      return dateArb(year + 1, year + 20);
    case "file-id":
      return join(fc.constant("file_"), chars(LOWER + DIGITS, 1, 24));
    case "address-line":
      return join(chars(ALNUM, 1, 1), chars(`${ALNUM} ,.'/#()&-`, 0, 60));
    case "postcode":
      return join(chars(ALNUM, 1, 1), chars(`${ALNUM} -`, 2, 8), chars(ALNUM, 1, 1));
    case "kyc-method":
      return fc.constantFrom(...KYC_METHODS);
    case "kyc-provider":
      return join(chars(ALNUM.slice(0, 52), 1, 1), chars(`${LOWER} `, 0, 30));
    case "reference-id":
      return chars(`${ALNUM}_-`, 10, 128);
    case "kyc-documents":
      return fc.array(fc.record({ file_id: join(fc.constant("file_"), chars(LOWER, 1, 12)), report_type: fc.constant("IDV") }), {
        minLength: 1,
        maxLength: 3,
      });
    case "text":
      return fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== "");
  }
}

const PROOF = "kyc_verification.kyc_proof.";

/**
 * A complete valid cardholder for the plan: every field answered, except the KYC proof with REDIRECT_LINK
 * (THIRD_PARTY is forced when the product makes the proof object required).
 */
export function validAnswersArb(plan: FormPlan, product: ProductRequirements, now: Date): fc.Arbitrary<Answers> {
  const fields = planFields(plan);
  const proofRequired = plan.groups.some((g) => g.path === PROOF.slice(0, -1) && g.required);
  const methods = fields.some((f) => f.path === "kyc_verification.method")
    ? proofRequired
      ? ["THIRD_PARTY"]
      : [...KYC_METHODS]
    : [undefined];
  return fc.constantFrom(...methods).chain((method) => {
    const answered = fields.filter((f) => f.kind !== "kyc-method" && (method !== "REDIRECT_LINK" || !f.path.startsWith(PROOF)));
    return fc.tuple(...answered.map((f) => kindArb(f, product, now))).map((values) => {
      let answers: Answers = method ? setPath({}, "kyc_verification.method", method) : {};
      answered.forEach((f, i) => (answers = setPath(answers, f.path, values[i])));
      return withCheckedIdentityNumber(withDiallableMobile(answers));
    });
  });
}

/**
 * Generated digits rarely make a number of the generated calling code: use the code's example mobile then, or, for a
 * code of no country (+800 and the other non-geographic ones), the first run of digits the same rule accepts.
 */
function withDiallableMobile(answers: Answers): Answers {
  const { area_code: code, mobile_number: mobile } = answers;
  if (typeof code !== "string" || typeof mobile !== "string" || !knowsCallingCode(code) || normaliseMobile(code, mobile)) return answers;
  const country = getCountries().find((c) => `+${getCountryCallingCode(c)}` === code);
  const example = country ? getExampleNumber(country, examples)?.nationalNumber : undefined;
  const accepted = [example, ...DIGIT_RUNS].find((digits) => digits !== undefined && normaliseMobile(code, digits));
  return accepted ? { ...answers, mobile_number: accepted } : answers;
}

/** A Hong Kong identity card's number must add up (its check character): a real one's printed form then. */
function withCheckedIdentityNumber(answers: Answers): Answers {
  return valueAt(answers, "identity.type") === "HK_HKID" ? setPath(answers, "identity.number", "a123456(3)") : answers;
}

/** "1234", "12345", ... up to the 15 digits an international number may have. */
const DIGIT_RUNS = Array.from({ length: 12 }, (_, i) => "123456789012345".slice(0, i + 4));

/** Whether the field must be answered in this cardholder: always, or by its condition. */
export function requiredFor(plan: FormPlan, field: PlanField, answers: Answers): boolean {
  // A part its address's country does not have (a Hong Kong postcode) is never due.
  if (!fieldApplies(field, answers)) return false;
  if (isAlwaysRequired(plan, field)) return true;
  const rule = field.requiredWhen;
  const condition = rule ? valueAt(answers, rule.path) : undefined;
  if (!rule || typeof condition !== "string") return false;
  return "equals" in rule ? condition.toUpperCase() === rule.equals : condition.toUpperCase() !== rule.notEquals;
}

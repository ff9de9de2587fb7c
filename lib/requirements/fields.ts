import { ADDRESS_GROUPS } from "@/lib/requirements/address-groups";
import { IDENTITY_TYPES, KYC_METHODS } from "@/lib/requirements/limits";
import type { CountryFilter, FieldDescriptor, FieldKind, InputKind, PlanOption, StepId } from "@/lib/requirements/types";

// The cardholder fields the spec names, keyed by dotted path: how each is checked and rendered.
// Maps (not object literals) so descriptor names such as "constructor" never hit Object.prototype.

export type KnownLeaf = {
  kind: FieldKind;
  input: InputKind;
  autocomplete?: string;
  hintKey?: string;
  options?: PlanOption[];
  countryFilter?: CountryFilter;
  hidden?: true;
};

const GENDER_OPTIONS: PlanOption[] = [
  { value: "0", labelKey: "options.gender.not_specified" },
  { value: "1", labelKey: "options.gender.male" },
  { value: "2", labelKey: "options.gender.female" },
];
const IDENTITY_TYPE_OPTIONS: PlanOption[] = IDENTITY_TYPES.map((t) => ({ value: t, labelKey: `options.identity_type.${t.toLowerCase()}` }));
const KYC_METHOD_OPTIONS: PlanOption[] = KYC_METHODS.map((m) => ({ value: m, labelKey: `options.kyc_method.${m.toLowerCase()}` }));

const TOP_LEVEL: [string, KnownLeaf][] = [
  ["first_name", { kind: "name", input: "text", autocomplete: "given-name" }],
  ["last_name", { kind: "name", input: "text", autocomplete: "family-name", hintKey: "hints.last_name" }],
  ["birth_date", { kind: "birth-date", input: "date", autocomplete: "bday", hintKey: "hints.birth_date" }],
  ["gender", { kind: "gender", input: "radio", autocomplete: "sex", options: GENDER_OPTIONS }],
  ["nationality", { kind: "country", input: "country", countryFilter: "nationality" }],
  ["ssn", { kind: "ssn", input: "text", autocomplete: "off", hintKey: "hints.ssn" }],
  ["email", { kind: "email", input: "email", autocomplete: "email" }],
  ["mobile_number", { kind: "mobile-number", input: "tel", autocomplete: "tel-national", hintKey: "hints.mobile_number" }],
  ["area_code", { kind: "area-code", input: "tel", autocomplete: "tel-country-code", hintKey: "hints.area_code" }],
  // Not asked: the portal derives it from the calling code and the number (lib/requirements/mobile-country.ts).
  ["mobile_country", { kind: "country", input: "country", countryFilter: "any", hidden: true }],
];

const IDENTITY: [string, KnownLeaf][] = [
  ["type", { kind: "identity-type", input: "select", options: IDENTITY_TYPE_OPTIONS }],
  ["number", { kind: "identity-number", input: "text", autocomplete: "off", hintKey: "hints.identity_number" }],
  ["issue_country", { kind: "country", input: "country", countryFilter: "any" }],
  ["issue_date", { kind: "issue-date", input: "date", hintKey: "hints.issue_date" }],
  ["expiry_date", { kind: "expiry-date", input: "date", hintKey: "hints.document_date" }],
  ["front_file_id", { kind: "file-id", input: "file", hintKey: "hints.document_file" }],
  ["back_file_id", { kind: "file-id", input: "file", hintKey: "hints.document_file" }],
];

export { ADDRESS_GROUPS };

// Postal order, as an address is written on an envelope; the country first, since which other parts are asked, their
// names and their order depend on it (lib/requirements/address-formats.ts).
const POSTAL_ORDER = ["country", "line1", "line2", "district", "city", "state", "postcode"];

/** An address field's place in postal order (unknown members after the known ones); undefined outside addresses. */
export function postalRank(path: string): number | undefined {
  const [group, name, ...rest] = path.split(".");
  if (!(ADDRESS_GROUPS as readonly string[]).includes(group ?? "") || rest.length > 0 || name === undefined) return undefined;
  const rank = POSTAL_ORDER.indexOf(name);
  return rank < 0 ? POSTAL_ORDER.length : rank;
}

// HTML autofill sections: the billing and delivery addresses get their own, the home address the default one.
function addressLeaves(group: (typeof ADDRESS_GROUPS)[number]): [string, KnownLeaf][] {
  const section = group === "billing_address" ? "billing " : group === "delivery_address" ? "shipping " : "";
  const line = (token: string): KnownLeaf => ({ kind: "address-line", input: "text", autocomplete: `${section}${token}` });
  return [
    [
      "country",
      {
        kind: "country",
        input: "country",
        autocomplete: `${section}country`,
        countryFilter: group === "billing_address" ? "billing" : "any",
      },
    ],
    ["state", line("address-level1")],
    ["city", line("address-level2")],
    ["district", line("address-level3")],
    ["line1", line("address-line1")],
    ["line2", line("address-line2")],
    ["postcode", { kind: "postcode", input: "text", autocomplete: `${section}postal-code` }],
  ];
}

const KYC: [string, KnownLeaf][] = [["method", { kind: "kyc-method", input: "select", options: KYC_METHOD_OPTIONS, hidden: true }]];
const KYC_PROOF: [string, KnownLeaf][] = [
  ["provider", { kind: "kyc-provider", input: "text", hidden: true }],
  ["reference_id", { kind: "reference-id", input: "text", hidden: true }],
  ["documents", { kind: "kyc-documents", input: "file", hidden: true }],
];

const prefixed = (prefix: string, list: [string, KnownLeaf][]) => list.map(([n, leaf]): [string, KnownLeaf] => [`${prefix}${n}`, leaf]);

const KNOWN_LEAVES = new Map<string, KnownLeaf>([
  ...TOP_LEVEL,
  ...prefixed("identity.", IDENTITY),
  ...ADDRESS_GROUPS.flatMap((g) => prefixed(`${g}.`, addressLeaves(g))),
  ...prefixed("kyc_verification.", KYC),
  ...prefixed("kyc_verification.kyc_proof.", KYC_PROOF),
]);

const d = (name: string, required: boolean): FieldDescriptor => ({ name, type: "string", required });
const ADDRESS_DEFAULTS = ["country", "state", "city", "district", "line1", "line2", "postcode"].map((n) =>
  d(n, ["country", "city", "line1", "postcode"].includes(n)),
);

/** Known objects, with the sub-fields assumed when a product names the object without listing them. */
const KNOWN_GROUPS = new Map<string, FieldDescriptor[]>([
  [
    "identity",
    ["type", "number", "issue_country", "issue_date", "expiry_date", "front_file_id", "back_file_id"].map((n) =>
      d(n, n !== "issue_date" && n !== "back_file_id"),
    ),
  ],
  ...ADDRESS_GROUPS.map((g): [string, FieldDescriptor[]] => [g, ADDRESS_DEFAULTS]),
  ["kyc_verification", [d("method", true)]],
  ["kyc_verification.kyc_proof", [d("provider", true), d("reference_id", true), d("documents", true)]],
]);

const STEP_OF_TOP_LEVEL = new Map<string, StepId>([
  ...TOP_LEVEL.map(([n]): [string, StepId] => [
    n,
    n === "email" || n === "mobile_number" || n === "area_code" || n === "mobile_country" ? "contact" : "about-you",
  ]),
  ["identity", "identity-document"],
  ...ADDRESS_GROUPS.map((g): [string, StepId] => [g, "address"]),
  ["kyc_verification", "verification"],
]);

export function knownLeaf(path: string): KnownLeaf | undefined {
  return KNOWN_LEAVES.get(path);
}

export function knownGroupDefaults(path: string): FieldDescriptor[] | undefined {
  return KNOWN_GROUPS.get(path);
}

/** Every field lives in the step of its top-level object; unknown top-level names go to "about-you". */
export function stepOf(path: string): StepId {
  return STEP_OF_TOP_LEVEL.get(path.split(".")[0] ?? "") ?? "about-you";
}

/** All known leaf paths, in registry order (used for the label catalog). */
export function knownLeafPaths(): string[] {
  return [...KNOWN_LEAVES.keys()];
}

export function knownGroupPaths(): string[] {
  return [...KNOWN_GROUPS.keys()];
}

/** "loyalty_number" or "loyaltyNumber" -> "Loyalty number"; all-caps words (ID, IBAN) keep their case. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

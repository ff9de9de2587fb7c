// App-side shapes of a card product's cardholder requirements and of the form plan derived from them.
// The issuer client maps the wire product (snake_case) to ProductRequirements.

export type FieldDescriptor = { name: string; type: string; required: boolean; fields?: FieldDescriptor[] };

export type KycLevel = "Simplified" | "Standard" | "Enhanced";

export type ProductRequirements = {
  id: string;
  kycLevel: KycLevel;
  requiredFields: FieldDescriptor[];
  supportBillingRegion: string[];
  supportNationality: string[];
  sanctionedNationality: string[];
  supportAreaCode: string[];
};

// The three questions a card can refuse (nationality, calling code, country of the billing address) come in the first
// three steps, before the document upload: a refusal costs the person as little as possible.
export const STEP_IDS = ["about-you", "contact", "address", "identity-document", "verification"] as const;
export type StepId = (typeof STEP_IDS)[number];

export type InputKind = "text" | "email" | "tel" | "date" | "select" | "country" | "file" | "number" | "radio";

export type CountryFilter = "nationality" | "billing" | "any";

/** What a value is, independent of how it is rendered: selects the limit (zod piece) that checks it. */
export type FieldKind =
  | "name"
  | "email"
  | "birth-date"
  | "gender"
  | "mobile-number"
  | "area-code"
  | "country"
  | "ssn"
  | "identity-type"
  | "identity-number"
  | "issue-date"
  | "expiry-date"
  | "file-id"
  | "address-line"
  | "postcode"
  | "kyc-method"
  | "kyc-provider"
  | "reference-id"
  | "kyc-documents"
  | "text";

/** A field that becomes required when another field (dotted path) has, or has not, a given value. */
export type RequiredWhen = { path: string; equals: string } | { path: string; notEquals: string };

export type PlanOption = { value: string; labelKey: string };

export type PlanField = {
  /** Dotted path in the cardholder object, e.g. "identity.expiry_date". */
  path: string;
  /** Leaf descriptor name. */
  name: string;
  labelKey: string;
  /** Set with labelKey "fields.unknown": the descriptor name humanised. */
  fallbackLabel?: string;
  kind: FieldKind;
  input: InputKind;
  autocomplete?: string;
  hintKey?: string;
  /** The descriptor's own flag: required whenever its group is present (see PlanGroup.required). */
  required: boolean;
  requiredWhen?: RequiredWhen;
  /** Asked only when this holds (SSN for US nationals, a back side for card-shaped documents); else dropped. */
  appliesWhen?: RequiredWhen;
  /** An address part asked only where its address's country has it (a postcode, a state, a district); else dropped. */
  byCountry?: true;
  options?: PlanOption[];
  countryFilter?: CountryFilter;
  /** Set by the portal, never shown to the person (kyc_verification.*). */
  hidden?: true;
  /** Not in the product's descriptors but needed to satisfy an upstream conditional rule. */
  implied?: true;
  /** Path of the immediate parent object, when the field is nested. */
  group?: string;
};

export type PlanGroup = {
  path: string;
  name: string;
  labelKey: string;
  fallbackLabel?: string;
  /** The object descriptor's own flag; an optional object may be left out entirely. */
  required: boolean;
  /** Parent object path, when nested. */
  parent?: string;
  implied?: true;
};

export type PlanStep = { id: StepId; fields: PlanField[] };

export type FormPlan = { productId: string; steps: PlanStep[]; groups: PlanGroup[] };

type AddressPayload = {
  country?: string;
  state?: string;
  city?: string;
  district?: string;
  line1?: string;
  line2?: string;
  postcode?: string;
  [key: string]: unknown;
};

/** The validated cardholder, ready to send upstream. Keys beyond the named ones come from unknown descriptors. */
export type CardholderPayload = {
  first_name?: string;
  last_name?: string;
  email?: string;
  birth_date?: string;
  gender?: 0 | 1 | 2;
  mobile_number?: string;
  mobile_country?: string;
  area_code?: string;
  nationality?: string;
  ssn?: string;
  identity?: {
    type?: string;
    number?: string;
    issue_country?: string;
    issue_date?: string;
    expiry_date?: string;
    front_file_id?: string;
    back_file_id?: string;
    [key: string]: unknown;
  };
  billing_address?: AddressPayload;
  delivery_address?: AddressPayload;
  residential_address?: AddressPayload;
  kyc_verification?: {
    method?: "REDIRECT_LINK" | "THIRD_PARTY";
    kyc_proof?: {
      provider?: string;
      reference_id?: string;
      documents?: { file_id: string; report_type: string }[];
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  [key: string]: unknown;
};

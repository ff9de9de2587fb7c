import { ADDRESS_GROUPS } from "@/lib/requirements/fields";

// English wording of every label, option and hint key a form plan can carry, for the UI's catalogs.
// Keys are never prefixes of one another, so they fit a nested message catalog.

const ADDRESS_TEXT: Record<string, string> = {
  country: "Country",
  state: "State, province or region",
  city: "City",
  district: "District",
  line1: "Address line 1",
  line2: "Address line 2",
  postcode: "Postcode",
};

export const DEFAULT_LABEL_TEXT: Readonly<Record<string, string>> = {
  "fields.first_name": "First name",
  "fields.last_name": "Last name",
  "fields.birth_date": "Date of birth",
  "fields.gender": "Gender",
  "fields.nationality": "Nationality",
  "fields.ssn": "Social Security number",
  "fields.email": "Email address",
  "fields.mobile_number": "Mobile number",
  "fields.area_code": "Country calling code",
  "fields.mobile_country": "Country of your mobile number",
  "fields.identity.type": "Document type",
  "fields.identity.number": "Document number",
  "fields.identity.issue_country": "Issuing country",
  "fields.identity.issue_date": "Issue date",
  "fields.identity.expiry_date": "Expiry date",
  "fields.identity.front_file_id": "Front of the document",
  "fields.identity.back_file_id": "Back of the document",
  ...Object.fromEntries(ADDRESS_GROUPS.flatMap((g) => Object.entries(ADDRESS_TEXT).map(([name, text]) => [`fields.${g}.${name}`, text]))),
  "fields.kyc_verification.method": "Verification method",
  "fields.kyc_verification.kyc_proof.provider": "Verification provider",
  "fields.kyc_verification.kyc_proof.reference_id": "Verification reference",
  "fields.kyc_verification.kyc_proof.documents": "Verification documents",
  "fields.unknown": "Additional information",
  "groups.identity": "Identity document",
  "groups.billing_address": "Billing address",
  "groups.residential_address": "Home address",
  "groups.delivery_address": "Delivery address",
  "groups.kyc_verification": "Identity verification",
  "groups.kyc_proof": "Verification proof",
  "groups.unknown": "Additional details",
  "options.gender.not_specified": "Prefer not to say",
  "options.gender.male": "Male",
  "options.gender.female": "Female",
  "options.identity_type.id_card": "National identity card",
  "options.identity_type.passport": "Passport",
  "options.identity_type.hk_hkid": "Hong Kong identity card",
  "options.identity_type.dln": "Driving licence",
  "options.kyc_method.redirect_link": "Verification on the partner's page",
  "options.kyc_method.third_party": "Verification by the merchant's provider",
  "hints.birth_date": "For example, 27 3 1990.",
  "hints.document_date": "As printed on the document, for example, 27 3 2030.",
  // An issue date is in the past: its example too.
  "hints.issue_date": "As printed on the document, for example, 27 3 2019.",
  "hints.ssn": "For example, 123-45-6789.",
  "hints.mobile_number": "Without the country calling code. A leading 0 may be left out.",
  "hints.area_code": "For example +44.",
  "hints.document_file": "A photo or scan: JPG, PNG or PDF, up to 10 MB.",
  "hints.document_front_passport": "A clear photo or scan of the page with your photo: JPG, PNG or PDF, up to 10 MB.",
  "hints.document_front_card": "A clear photo or scan of the side with your photo: JPG, PNG or PDF, up to 10 MB.",
  "hints.document_back_card": "A clear photo or scan of the other side of the card: JPG, PNG or PDF, up to 10 MB.",
};

export const LABEL_KEYS = Object.keys(DEFAULT_LABEL_TEXT);

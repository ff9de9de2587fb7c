import type { FieldErrors } from "@/lib/sandbox/errors";
import type { FieldDescriptor } from "@/lib/sandbox/products";
import { ADDRESS_FIELDS, ADDRESS_KEYS, checks, parseDate, type Check } from "@/lib/sandbox/rules/formats";

export type CardholderInput = Record<string, unknown>;

const TOP_LEVEL: Record<string, Check> = {
  first_name: checks.name,
  last_name: checks.name,
  email: checks.email,
  birth_date: checks.birthDate,
  gender: checks.gender,
  mobile_number: checks.mobile,
  mobile_country: checks.country,
  area_code: checks.areaCode,
  nationality: checks.country,
  ssn: checks.ssn,
};
const IDENTITY: Record<string, Check> = {
  type: checks.identityType,
  number: checks.identityNumber,
  issue_country: checks.country,
  issue_date: checks.pastDate,
  expiry_date: checks.futureDate,
  front_file_id: checks.fileId,
  back_file_id: checks.fileId,
};
const OBJECT_FIELDS = ["identity", ...ADDRESS_FIELDS, "kyc_verification"] as const;

export const KNOWN_FIELDS = [...Object.keys(TOP_LEVEL), ...OBJECT_FIELDS];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Present: not undefined/null, not a blank string, not an empty array or object. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.values(value).some(isPresent);
  return true;
}

/** Keeps only the cardholder fields the spec names (unknown keys are dropped, not stored). */
export function pickKnownFields(input: CardholderInput): CardholderInput {
  return Object.fromEntries(Object.entries(input).filter(([key, v]) => KNOWN_FIELDS.includes(key) && v !== undefined));
}

/** Format errors of the values that are present; file ids referenced are collected for an existence check. */
export function checkFormats(input: CardholderInput, now: Date): { errors: FieldErrors; fileIds: Map<string, string> } {
  const errors: FieldErrors = {};
  const fileIds = new Map<string, string>();
  const run = (prefix: string, object: Record<string, unknown>, rules: Record<string, Check>) => {
    for (const [key, check] of Object.entries(rules)) {
      const value = object[key];
      if (!isPresent(value)) continue;
      const problem = check(value, now);
      if (problem) errors[`${prefix}${key}`] = problem;
    }
  };
  run("", input, TOP_LEVEL);

  for (const key of OBJECT_FIELDS) {
    if (input[key] !== undefined && input[key] !== null && !isObject(input[key])) errors[key] = "must be an object";
  }
  const identity = input.identity;
  if (isObject(identity)) {
    run("identity.", identity, IDENTITY);
    const issued = parseDate(identity.issue_date);
    const expires = parseDate(identity.expiry_date);
    if (issued && expires && expires <= issued) errors["identity.expiry_date"] = "must be after the issue date";
    for (const side of ["front_file_id", "back_file_id"] as const) {
      if (typeof identity[side] === "string" && !errors[`identity.${side}`]) fileIds.set(`identity.${side}`, identity[side]);
    }
  }
  for (const field of ADDRESS_FIELDS) {
    const address = input[field];
    if (!isObject(address)) continue;
    const rules: Record<string, Check> = Object.fromEntries(
      ADDRESS_KEYS.map((k) => [k, k === "country" ? checks.country : k === "postcode" ? checks.postcode : checks.addressLine]),
    );
    run(`${field}.`, address, rules);
  }
  checkKyc(input.kyc_verification, errors, fileIds);
  return { errors, fileIds };
}

function checkKyc(kyc: unknown, errors: FieldErrors, fileIds: Map<string, string>) {
  if (!isObject(kyc)) return;
  const method = kyc.method;
  if (isPresent(method) && method !== "REDIRECT_LINK" && method !== "THIRD_PARTY") {
    errors["kyc_verification.method"] = "must be REDIRECT_LINK or THIRD_PARTY";
  }
  const proof = kyc.kyc_proof;
  if (method === "REDIRECT_LINK" && proof !== undefined) {
    errors["kyc_verification.kyc_proof"] = "is only sent with the THIRD_PARTY method";
  }
  if (method !== "THIRD_PARTY" || !isObject(proof)) return;
  if (isPresent(proof.provider) && (typeof proof.provider !== "string" || proof.provider.length > 64)) {
    errors["kyc_verification.kyc_proof.provider"] = "must be a name of at most 64 characters";
  }
  const ref = proof.reference_id;
  if (isPresent(ref) && (typeof ref !== "string" || ref.length < 10 || ref.length > 128)) {
    errors["kyc_verification.kyc_proof.reference_id"] = "must be 10 to 128 characters";
  }
  const documents = proof.documents;
  if (documents === undefined) return;
  if (!Array.isArray(documents)) {
    errors["kyc_verification.kyc_proof.documents"] = "must be a list";
    return;
  }
  documents.forEach((doc: unknown, i) => {
    const at = `kyc_verification.kyc_proof.documents.${i}`;
    if (!isObject(doc)) return void (errors[at] = "must be an object");
    if (typeof doc.file_id !== "string" || !doc.file_id) errors[`${at}.file_id`] = "is required";
    else fileIds.set(`${at}.file_id`, doc.file_id);
    // Choice: report types other than IDV are not shown; any non-empty name up to 32 characters is taken.
    if (typeof doc.report_type !== "string" || !doc.report_type || doc.report_type.length > 32) {
      errors[`${at}.report_type`] = "is required, for example IDV";
    }
  });
}

/**
 * Paths of required fields that are missing, from the product's recursive descriptors (required ones only),
 * plus the spec's conditional rules: ssn for US nationals, back side for non-passport documents,
 * a proof for THIRD_PARTY verification.
 */
export function missingFields(descriptors: FieldDescriptor[], input: CardholderInput): string[] {
  const missing: string[] = [];
  const walk = (list: FieldDescriptor[], value: Record<string, unknown>, prefix: string) => {
    for (const d of list) {
      if (!d.required) continue;
      const path = `${prefix}${d.name}`;
      if (d.name === "ssn" && prefix === "") {
        if (value.nationality === "US" && !isPresent(value.ssn)) missing.push(path);
        continue;
      }
      const child = value[d.name];
      const requiredChildren = (d.fields ?? []).filter((f) => f.required);
      if (d.fields && requiredChildren.length > 0) {
        walk(d.fields, isObject(child) ? child : {}, `${path}.`);
      } else if (!isPresent(child)) missing.push(path);
    }
  };
  walk(descriptors, input, "");

  const identity = isObject(input.identity) ? input.identity : undefined;
  const asksIdentity = descriptors.some((d) => d.name === "identity" && d.required);
  if (asksIdentity && identity && isPresent(identity.type) && identity.type !== "PASSPORT" && !isPresent(identity.back_file_id)) {
    missing.push("identity.back_file_id");
  }
  const kyc = isObject(input.kyc_verification) ? input.kyc_verification : undefined;
  if (kyc?.method === "THIRD_PARTY") {
    const proof = isObject(kyc.kyc_proof) ? kyc.kyc_proof : {};
    for (const key of ["provider", "reference_id", "documents"]) {
      if (!isPresent(proof[key])) missing.push(`kyc_verification.kyc_proof.${key}`);
    }
  }
  return [...new Set(missing)];
}

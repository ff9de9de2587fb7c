/** Error codes the sandbox answers. The first four are the spec's; the rest are the sandbox's choices (docs/sandbox.md). */
export const SANDBOX_ERROR_STATUS = {
  CARDHOLDER_FIELDS_INCOMPLETE: 422,
  CARDHOLDER_KYC_REFERENCE_ALREADY_EXISTS: 409,
  CARDHOLDER_KYC_NOT_COMPLETE: 422,
  CARDHOLDER_KYC_REJECTED: 422,
  CARDHOLDER_NOT_APPROVED: 422,
  CARDHOLDER_FAILED: 422,
  CARDHOLDER_NOT_FOUND: 404,
  CARD_LIMIT_REACHED: 422,
  CARD_NOT_FOUND: 404,
  CARD_NOT_ACTIVE: 422,
  INSUFFICIENT_BALANCE: 422,
  RECHARGE_AMOUNT_TOO_LOW: 422,
  COUNTRY_RESTRICTION: 422,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_NOT_ENABLED: 422,
  KYC_METHOD_NOT_REDIRECT_LINK: 422,
  FILE_NOT_FOUND: 404,
  FILE_TOO_LARGE: 413,
  FILE_EMPTY: 400,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_CONTENT_MISMATCH: 415,
  FILE_MISSING: 400,
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  KYC_LINK_NOT_FOUND: 404,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  MISSING_REQUEST_ID: 400,
  IDEMPOTENCY_KEY_REUSED: 409,
  REQUEST_IN_PROGRESS: 409,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  SERVICE_UNAVAILABLE: 503,
  BAD_GATEWAY: 502,
  INTERNAL_ERROR: 500,
} as const;

export type SandboxErrorCode = keyof typeof SANDBOX_ERROR_STATUS;

export class SandboxError extends Error {
  readonly status: number;
  constructor(
    readonly code: SandboxErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "SandboxError";
    this.status = SANDBOX_ERROR_STATUS[code];
  }
}

/** Field errors of a validation, or nothing when all is well. */
export type FieldErrors = Record<string, string>;

export function throwIfFieldErrors(fields: FieldErrors, message = "Some fields are invalid.") {
  if (Object.keys(fields).length > 0) throw new SandboxError("VALIDATION_ERROR", message, fields);
}

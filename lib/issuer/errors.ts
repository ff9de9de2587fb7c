// A brand rather than `instanceof`: the production build may hold several copies of this class (see lib/errors.ts).
const BRAND = Symbol.for("card-portal.IssuerError");

/** An upstream refusal or failure, with what is needed to trace it (the X-Request-Id) and to react (code, status). */
export class IssuerError extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    readonly requestId: string,
    readonly fields?: Record<string, string>,
    /** When the portal knows how long the issuer is out of reach (its open circuit breaker), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "IssuerError";
  }

  /** Worth another try with the same X-Request-Id: the network, rate limits, the upstream's own failures. */
  get retryable(): boolean {
    return this.httpStatus === 0 || this.httpStatus === 429 || this.httpStatus >= 500 || this.code === "REQUEST_IN_PROGRESS";
  }
}

/** Codes the portal reacts to (the spec's named errors and the sandbox's documented ones). */
export const ISSUER_CODES = {
  fieldsIncomplete: "CARDHOLDER_FIELDS_INCOMPLETE",
  kycReferenceExists: "CARDHOLDER_KYC_REFERENCE_ALREADY_EXISTS",
  kycNotComplete: "CARDHOLDER_KYC_NOT_COMPLETE",
  kycRejected: "CARDHOLDER_KYC_REJECTED",
  notApproved: "CARDHOLDER_NOT_APPROVED",
  cardholderFailed: "CARDHOLDER_FAILED",
  countryRestriction: "COUNTRY_RESTRICTION",
  network: "NETWORK_ERROR",
  timeout: "TIMEOUT",
  badEnvelope: "BAD_UPSTREAM_RESPONSE",
} as const;

export function isIssuerError(error: unknown, code?: string): error is IssuerError {
  const branded = typeof error === "object" && error !== null && (error as { [BRAND]?: unknown })[BRAND] === true;
  return branded && (code === undefined || (error as IssuerError).code === code);
}

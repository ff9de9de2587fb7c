/** Portal API error codes and their HTTP status. Domain codes from lib/applications use the same class. */
export const PORTAL_ERRORS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  COUNTRY_RESTRICTION: 422,
  PRODUCT_UNAVAILABLE: 422,
  DOCUMENT_REJECTED: 422,
  UPSTREAM_REFUSED: 422,
  UPSTREAM_ERROR: 502,
  UPSTREAM_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;

export type PortalErrorCode = keyof typeof PORTAL_ERRORS;
export type FieldMessages = Record<string, string>;

/** An error the portal API answers as `{"error":{"code","message","fields"}}` with its status. */
export class PortalError extends Error {
  readonly status: number;
  constructor(
    readonly code: PortalErrorCode,
    message: string,
    readonly fields?: FieldMessages,
  ) {
    super(message);
    this.name = "PortalError";
    this.status = PORTAL_ERRORS[code];
  }
}

export function errorBody(code: string, message: string, fields?: FieldMessages) {
  return { error: { code, message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) } };
}

/** The portal's error codes and their HTTP status; the onboarding domain and the API routes share them. */
export const PORTAL_ERRORS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_STATE: 409,
  DRAFT_CHANGED: 409,
  /** A resume link moved the application to another browser: this one is told where and since when (lib/applications/access.ts). */
  APPLICATION_MOVED: 409,
  /** The applicant's data was erased on request: the application is closed for good (lib/privacy). */
  APPLICATION_ERASED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A Host that is not the portal's own (DNS rebinding): lib/http/host.ts. */
  MISDIRECTED_REQUEST: 421,
  VALIDATION_ERROR: 422,
  COUNTRY_RESTRICTION: 422,
  PRODUCT_UNAVAILABLE: 422,
  DOCUMENT_REJECTED: 422,
  UPSTREAM_REFUSED: 422,
  RATE_LIMITED: 429,
  UPSTREAM_ERROR: 502,
  UPSTREAM_UNAVAILABLE: 503,
  /** The database did not answer (a restart, a lost connection): lib/db/unavailable.ts. */
  DATABASE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;

export type PortalErrorCode = keyof typeof PORTAL_ERRORS;
export type FieldMessages = Record<string, string>;

// A brand rather than `instanceof`: a production build may hold several copies of this class in separate
// chunks, and an error thrown by one copy must still be recognised by code holding another.
const BRAND = Symbol.for("card-portal.PortalError");

/** An error the portal answers as `{"error":{"code","message","fields"}}` with its status. */
export class PortalError extends Error {
  readonly status: number;
  readonly [BRAND] = true;
  constructor(
    readonly code: PortalErrorCode,
    message: string,
    readonly fields?: FieldMessages,
    /** Seconds a client should wait before trying again (RATE_LIMITED), sent as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** More members of the answer's `error` object, named in docs/contract.md (APPLICATION_MOVED's `movedTo`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "PortalError";
    this.status = PORTAL_ERRORS[code];
  }
}

export function isPortalError(error: unknown, code?: PortalErrorCode): error is PortalError {
  const branded = typeof error === "object" && error !== null && (error as { [BRAND]?: unknown })[BRAND] === true;
  return branded && (code === undefined || (error as PortalError).code === code);
}

export function errorBody(code: string, message: string, fields?: FieldMessages, details?: Record<string, unknown>) {
  return { error: { code, message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}), ...details } };
}

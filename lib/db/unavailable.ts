// A lost database connection (a PostgreSQL restart, a failover, a severed network, a pool that cannot connect)
// is not the request's fault and is over in a moment: the portal answers 503 with Retry-After, as for an issuer
// outage, never 500. Pure (no imports): the route wrapper, the webhook receiver and the sandbox share it.

/** Node's socket errors and PostgreSQL's connection-exception (08), shutdown (57P01-57P03) and too-many-connections codes. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "08007",
  "08P01",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
/** What node-postgres says when a client's connection ends or cannot be made (these errors carry no code). */
const CONNECTION_MESSAGES =
  /Connection terminated|Client has encountered a connection error|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/** Whether `error`, or an error it wraps (Drizzle wraps the driver's as `cause`), is a lost or refused connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/** Seconds a client should wait before trying again: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

import { randomUUID } from "node:crypto";
import { z } from "zod";
import { parseEnvelope } from "@/lib/issuer/envelope";
import { ISSUER_CODES, IssuerError, isIssuerError } from "@/lib/issuer/errors";
import { CircuitBreaker } from "@/lib/issuer/circuit-breaker";
import { redact } from "@/lib/redact";
import { TokenCache } from "@/lib/issuer/token-cache";

export type IssuerConfig = {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  timeoutMs?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
};
export type AuditEntry = {
  method: string;
  path: string;
  requestId: string;
  attempt: number;
  httpStatus: number | null;
  errorCode: string | null;
  durationMs: number;
  requestBody: unknown;
  /** The application the call was made for, when known (the staff timeline, export and erasure find it by this). */
  applicationId: string | null;
};
export type AuditSink = (entry: AuditEntry) => Promise<void>;
export type ClientDeps = {
  breaker?: CircuitBreaker;
  audit?: AuditSink;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

export type CallOptions<T> = {
  method: "GET" | "POST" | "PUT";
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  /** Multipart body, rebuilt for every attempt (a FormData stream can be read once). */
  form?: () => FormData;
  /** The X-Request-Id; give a stored one for writes that must stay idempotent across retries. */
  requestId?: string;
  schema: z.ZodType<T>;
  auth?: boolean;
  timeoutMs?: number;
  /** Recorded with the call in the audit (see forApplication). */
  applicationId?: string;
};

type Raw = { status: number; body: unknown; headers: Headers; bytes?: Uint8Array };
const tokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string(), expires_in: z.number().positive() });

/** Retry-After in ms: delay-seconds or an HTTP date (RFC 9110 allows both); undefined when absent or unreadable. */
function retryAfterMs(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The one door to the upstream: token cache, request ids, timeouts, retries, envelope, audit. */
export function createIssuerClient(config: IssuerConfig, deps: ClientDeps = {}) {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const breaker = deps.breaker ?? new CircuitBreaker();
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const maxAttempts = config.maxAttempts ?? 3;
  const base = config.baseUrl.replace(/\/+$/, "");

  const tokens = new TokenCache(async () => {
    const data = await call({
      method: "POST",
      path: "/api/open/v1/auth/token",
      auth: false,
      schema: tokenSchema,
      json: { api_key: config.apiKey, api_secret: config.apiSecret },
    });
    return { token: data.access_token, expiresInSeconds: data.expires_in };
  });

  async function send(
    options: CallOptions<unknown>,
    token: string | undefined,
    requestId: string,
    attempt: number,
    wantBytes: boolean,
  ): Promise<Raw> {
    const url = new URL(base + options.path);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { "x-request-id": requestId, accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form();
    const started = Date.now();
    let status: number | null = null;
    let errorCode: string | null = null;
    try {
      const response = await fetchImpl(url, {
        method: options.method,
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? config.timeoutMs ?? 15_000),
        redirect: "error",
      });
      status = response.status;
      const type = response.headers.get("content-type") ?? "";
      if (wantBytes && response.ok && !type.includes("application/json")) {
        return { status, body: null, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
      }
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      errorCode = (parsed as { code?: string } | null)?.code ?? null;
      return { status, body: parsed, headers: response.headers };
    } catch (error) {
      const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      errorCode = timeout ? ISSUER_CODES.timeout : ISSUER_CODES.network;
      throw new IssuerError(errorCode, timeout ? "The issuer did not answer in time." : "The issuer could not be reached.", 0, requestId);
    } finally {
      await deps
        .audit?.({
          method: options.method,
          path: options.path,
          requestId,
          attempt,
          httpStatus: status,
          errorCode,
          durationMs: Date.now() - started,
          requestBody: options.json !== undefined ? redact(options.json) : options.form ? { multipart: true } : null,
          applicationId: options.applicationId ?? null,
        })
        .catch(() => undefined);
    }
  }

  function backoffMs(attempt: number, headers?: Headers): number {
    const retryAfter = retryAfterMs(headers?.get("retry-after"));
    if (retryAfter !== undefined) return Math.min(retryAfter, 5_000);
    const ceiling = (config.retryBaseMs ?? 200) * 2 ** (attempt - 1);
    return Math.round(ceiling / 2 + random() * (ceiling / 2)); // jitter: half to full
  }

  async function exchange<R>(options: CallOptions<unknown>, handle: (raw: Raw, requestId: string) => R): Promise<R> {
    const requestId = options.requestId ?? randomUUID();
    let renewedToken = false;
    for (let attempt = 1; ; attempt++) {
      const token = options.auth === false ? undefined : await tokens.get();
      breaker.enter(requestId);
      let raw: Raw | undefined;
      try {
        raw = await send(options, token, requestId, attempt, true);
        breaker.record(raw.status >= 500 ? "outage" : "answer");
        if (raw.status === 401 && token && !renewedToken) {
          // An expired or revoked token: renew once and repeat the same request.
          tokens.invalidate(token);
          renewedToken = true;
          attempt -= 1;
          continue;
        }
        return handle(raw, requestId);
      } catch (error) {
        if (!raw) breaker.record("outage"); // the network or a timeout: no answer at all
        const issuerError = isIssuerError(error)
          ? error
          : new IssuerError(ISSUER_CODES.badEnvelope, String(error), raw?.status ?? 0, requestId);
        if (!issuerError.retryable || attempt >= maxAttempts || breaker.isOpen) throw issuerError;
        await sleep(backoffMs(attempt, raw?.headers));
      }
    }
  }

  /** A JSON call answered with the spec's envelope. */
  function call<T>(options: CallOptions<T>): Promise<T> {
    return exchange(options as CallOptions<unknown>, (raw, requestId) => parseEnvelope(raw.status, raw.body, options.schema, requestId));
  }

  /** A call answered with bytes (file download); errors still come in the envelope. */
  function download(options: Omit<CallOptions<unknown>, "schema">): Promise<{ bytes: Uint8Array; contentType: string }> {
    return exchange({ ...options, schema: z.unknown() }, (raw, requestId) => {
      if (raw.bytes) return { bytes: raw.bytes, contentType: raw.headers.get("content-type") ?? "application/octet-stream" };
      parseEnvelope(raw.status, raw.body, z.never(), requestId);
      throw new IssuerError(ISSUER_CODES.badEnvelope, "The issuer answered JSON where a file was expected.", raw.status, requestId);
    });
  }

  return { call, download, tokens };
}

export type IssuerClient = ReturnType<typeof createIssuerClient>;

/** The same client, with every call it makes recorded against one application. */
export const forApplication = (client: IssuerClient, applicationId: string): IssuerClient => ({
  ...client,
  call: (options) => client.call({ ...options, applicationId }),
  download: (options) => client.download({ ...options, applicationId }),
});

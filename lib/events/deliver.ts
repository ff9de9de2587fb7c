import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Mode } from "@/lib/env-parse";
import type { AttemptResult } from "@/lib/db/event-deliveries";
import type { SignedHeaders } from "@/lib/events/signing";
import { checkEndpointUrl, isPrivateAddress } from "@/lib/events/url-check";

// One POST of an event to an endpoint. No redirect is followed (a 3xx is a failure: a redirect must not carry the
// portal into its own network); in live mode every address the name resolves to is checked before connecting, on
// the connection itself, so a name that changes between the check and the connect (DNS rebinding) gains nothing.

/** The start of the receiver's answer kept with the attempt. */
export const RESPONSE_EXCERPT_BYTES = 1024;
export const DELIVERY_TIMEOUT_MS = 10_000;

export type PostOptions = { mode: Mode; timeoutMs?: number; userAgent?: string };

/** dns.lookup, refusing in live mode a name with any loopback, private or reserved address. */
export function guardedLookup(mode: Mode): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (mode === "live" && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a refused address`), { code: "EADDRREFUSED" }), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : String(error)).slice(0, 500);

/** Posts `body`; never throws: a refusal, a timeout or a broken connection is an attempt with no status. */
export function postEvent(rawUrl: string, headers: SignedHeaders, body: string, options: PostOptions): Promise<AttemptResult> {
  const startedAt = new Date();
  const started = performance.now();
  const done = (r: Omit<AttemptResult, "startedAt" | "latencyMs">): AttemptResult => ({
    ...r,
    startedAt,
    latencyMs: Math.round(performance.now() - started),
  });
  const checked = checkEndpointUrl(rawUrl, options.mode);
  if (!checked.ok) return Promise.resolve(done({ status: null, excerpt: null, error: `refused: ${checked.message}` }));
  const url = checked.url;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup(options.mode),
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": options.userAgent ?? "cardholder-portal-events/1",
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < RESPONSE_EXCERPT_BYTES) chunks.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept));
          kept += chunk.length;
          // Enough read: a receiver that streams forever is not read to its end.
          if (kept >= RESPONSE_EXCERPT_BYTES) response.destroy();
        });
        const settle = () => {
          const status = response.statusCode ?? null;
          const excerpt = Buffer.concat(chunks).toString("utf8");
          const redirect = status !== null && status >= 300 && status < 400;
          finish(done({ status, excerpt: excerpt || null, error: redirect ? "redirect not followed" : null }));
        };
        response.on("end", settle);
        response.on("close", settle);
        response.on("error", settle);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms`), { code: "ETIMEDOUT" }));
    }, options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    request.on("error", (error) => finish(done({ status: null, excerpt: null, error: messageOf(error) })));
    request.end(body);
  });
}

export const isSuccess = (r: AttemptResult): boolean => r.status !== null && r.status >= 200 && r.status < 300;

import type { Database } from "@/lib/db/types";
import type { SandboxConfig } from "@/lib/sandbox/config";
import type { SandboxResult } from "@/lib/sandbox/http";

/** What a sandbox endpoint handler gets: the parsed request and the simulation's dependencies. */
export type SandboxContext = {
  db: Database;
  config: SandboxConfig;
  now: Date;
  requestId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  rawBody: Buffer;
  /** The body as a JSON object (INVALID_JSON otherwise). */
  json: () => Record<string, unknown>;
  /** Wakes the webhook dispatcher after an event was written. */
  notify: () => void;
};

/** A handler answers the JSON envelope, or (file download) a raw Response. */
export type SandboxHandler = (ctx: SandboxContext) => Promise<SandboxResult | Response>;

export type SandboxRoute = {
  method: "GET" | "POST" | "PUT";
  /** Path below /sandbox, with `{name}` placeholders. */
  path: string;
  /** Needs a valid Bearer token (every call but the token call). */
  auth: boolean;
  /** Writes are idempotent by X-Request-Id. */
  idempotent: boolean;
  /** Largest accepted body in bytes. */
  bodyLimit?: number;
  handle: SandboxHandler;
};

/** Matches `/a/{id}/b` against a concrete path; returns the placeholders or undefined. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith("{") && w.endsWith("}")) {
      if (!g) return undefined;
      params[w.slice(1, -1)] = decodeURIComponent(g);
    } else if (w !== g) return undefined;
  }
  return params;
}

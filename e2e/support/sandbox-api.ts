import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";

// Small client of the embedded sandbox's Open API (docs/contract.md "Sandbox") for specs that need
// upstream state (a cardholder, a KYC link) without going through the portal's screens.

export const SANDBOX_CREDENTIALS = { api_key: "sandbox_key", api_secret: "sandbox_secret" } as const;

/** The spec's envelope: `data` on success, `code`/`message` (and `fields`) on failure. */
export type SandboxEnvelope = {
  success?: boolean;
  data?: Record<string, unknown>;
  code?: string;
  message?: string;
  fields?: Record<string, string>;
};
export type SandboxResult = { status: number; json: SandboxEnvelope };
export type SandboxMethod = "GET" | "POST" | "PUT" | "DELETE";

// One token per request context: tokens live two hours, far longer than a spec.
const tokens = new WeakMap<APIRequestContext, string>();

async function parse(response: { status(): number; text(): Promise<string> }): Promise<SandboxResult> {
  const text = await response.text();
  let json: SandboxEnvelope = {};
  try {
    json = text ? (JSON.parse(text) as SandboxEnvelope) : {};
  } catch {
    json = { success: false, message: text };
  }
  return { status: response.status(), json };
}

/** Asks the sandbox for a bearer token with the default sandbox credentials. */
export async function getToken(request: APIRequestContext): Promise<string> {
  const cached = tokens.get(request);
  if (cached) return cached;
  const response = await request.post("/sandbox/api/open/v1/auth/token", {
    headers: { "X-Request-Id": randomUUID() },
    data: SANDBOX_CREDENTIALS,
  });
  const { status, json } = await parse(response);
  const token = json.data?.access_token;
  if (status !== 200 || typeof token !== "string") throw new Error(`token call failed (${status}): ${JSON.stringify(json)}`);
  tokens.set(request, token);
  return token;
}

/** Calls a sandbox path (e.g. `/sandbox/api/open/v2/issuing/cardholders`) with bearer token and a fresh X-Request-Id. */
export async function sandboxCall(
  request: APIRequestContext,
  method: SandboxMethod,
  path: string,
  body?: Record<string, unknown>,
): Promise<SandboxResult> {
  const token = await getToken(request);
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "X-Request-Id": randomUUID() },
    ...(body === undefined ? {} : { data: body }),
  });
  return parse(response);
}

/** `json.data[key]` as a string, failing the test with the whole answer when it is missing. */
export function dataString(result: SandboxResult, key: string): string {
  const value = result.json.data?.[key];
  if (typeof value !== "string") throw new Error(`no string data.${key} in (${result.status}) ${JSON.stringify(result.json)}`);
  return value;
}

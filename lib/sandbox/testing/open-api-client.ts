import { randomUUID } from "node:crypto";
import type { SandboxServer } from "@/lib/sandbox/testing/http-server";

// A raw client of the sandbox's Open API over HTTP for the conformance tests: every header can be left out or
// forced, bodies may be raw bytes or multipart, and `json` may be any JSON (lists included).

export type Answer = {
  status: number;
  body: { success?: boolean; data?: unknown; code?: string; message?: string; fields?: Record<string, string> };
};
export type CallOptions = {
  token?: string | null; // null: no Authorization header; undefined: a valid token
  requestId?: string | null; // null: no X-Request-Id; undefined: a fresh UUID
  json?: unknown; // a Buffer is sent as it is
  multipart?: { name: string; mimeType: string; buffer: Buffer };
  headers?: Record<string, string>;
};
export type OpenApi = {
  call: (method: string, path: string, options?: CallOptions) => Promise<Answer>;
  token: () => Promise<string>;
};

function bodyOf(options: CallOptions, headers: Record<string, string>): BodyInit | undefined {
  if (options.multipart) {
    const form = new FormData();
    const { name, mimeType, buffer } = options.multipart;
    form.append("file", new Blob([new Uint8Array(buffer)], { type: mimeType }), name);
    return form;
  }
  if (options.json === undefined) return undefined;
  if (Buffer.isBuffer(options.json)) return new Uint8Array(options.json);
  headers["content-type"] ??= "application/json";
  return JSON.stringify(options.json);
}

/** Calls `path` under the server's `/api/open` (e.g. `/v1/issuing/products`), with a token of the default credentials. */
export function openApiClient(server: SandboxServer): OpenApi {
  let token: string | undefined;
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    const bearer = options.token === undefined ? await getToken() : options.token;
    if (bearer !== null) headers.Authorization = `Bearer ${bearer}`;
    const requestId = options.requestId === undefined ? randomUUID() : options.requestId;
    if (requestId !== null) headers["X-Request-Id"] = requestId;
    const response = await fetch(`${server.baseUrl}/api/open${path}`, { method, headers, body: bodyOf(options, headers) });
    const text = await response.text();
    let body: Answer["body"] = {};
    try {
      body = text ? (JSON.parse(text) as Answer["body"]) : {};
    } catch {
      body = { message: text };
    }
    return { status: response.status, body };
  };
  const getToken = async (): Promise<string> => {
    if (token) return token;
    const answer = await call("POST", "/v1/auth/token", {
      token: null,
      json: { api_key: server.config.apiKey, api_secret: server.config.apiSecret },
    });
    token = String(data(answer).access_token);
    return token;
  };
  return { call, token: getToken };
}

/** `data` of a successful answer as an object (fails loudly otherwise). */
export function data(answer: Answer): Record<string, unknown> {
  if (answer.status !== 200 || typeof answer.body.data !== "object" || answer.body.data === null) {
    throw new Error(`expected success, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.data as Record<string, unknown>;
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const PDF = Buffer.from("%PDF-1.7\n% sandbox test document\n");

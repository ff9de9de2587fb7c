import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { getToken } from "./sandbox-api";

// A lower-level client than sandbox-api.ts for the conformance spec: every header can be left out or
// forced, bodies may be multipart, and `data` may be any JSON (lists included).

export type Answer = {
  status: number;
  body: { success?: boolean; data?: unknown; code?: string; message?: string; fields?: Record<string, string> };
};
export type CallOptions = {
  token?: string | null; // null: no Authorization header; undefined: a valid token
  requestId?: string | null; // null: no X-Request-Id; undefined: a fresh UUID
  json?: unknown;
  multipart?: { name: string; mimeType: string; buffer: Buffer };
  headers?: Record<string, string>;
};

export const OPEN = "/sandbox/api/open";

export async function call(request: APIRequestContext, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? await getToken(request) : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const requestId = options.requestId === undefined ? randomUUID() : options.requestId;
  if (requestId !== null) headers["X-Request-Id"] = requestId;
  const response = await request.fetch(path, {
    method,
    headers,
    ...(options.json !== undefined ? { data: options.json } : {}),
    ...(options.multipart ? { multipart: { file: options.multipart } } : {}),
  });
  const text = await response.text();
  let body: Answer["body"] = {};
  try {
    body = text ? (JSON.parse(text) as Answer["body"]) : {};
  } catch {
    body = { message: text };
  }
  return { status: response.status(), body };
}

/** `data` of a successful answer as an object (fails loudly otherwise). */
export function data(answer: Answer): Record<string, unknown> {
  if (answer.status !== 200 || typeof answer.body.data !== "object" || answer.body.data === null) {
    throw new Error(`expected success, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.data as Record<string, unknown>;
}

/** Polls `read` until `done` holds (the sandbox's approval runs on a timer), or fails after `ms`. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms; last value ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const PDF = Buffer.from("%PDF-1.7\n% sandbox test document\n");

/** Uploads a small PNG and answers its file_id. */
export async function uploadPng(request: APIRequestContext, name = "passport.png"): Promise<string> {
  return String(
    data(await call(request, "POST", `${OPEN}/v1/common/files/upload`, { multipart: { name, mimeType: "image/png", buffer: PNG } }))
      .file_id,
  );
}

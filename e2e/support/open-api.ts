import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { data, PDF, PNG, type Answer, type CallOptions } from "../../lib/sandbox/testing/open-api-client";
import { getToken } from "./sandbox-api";

export { data, PDF, PNG, type Answer, type CallOptions };

// A lower-level client than sandbox-api.ts for the conformance spec: every header can be left out or
// forced, bodies may be multipart, and `data` may be any JSON (lists included).

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

/** Uploads a small PNG and answers its file_id. */
export async function uploadPng(request: APIRequestContext, name = "passport.png"): Promise<string> {
  return String(
    data(await call(request, "POST", `${OPEN}/v1/common/files/upload`, { multipart: { name, mimeType: "image/png", buffer: PNG } }))
      .file_id,
  );
}

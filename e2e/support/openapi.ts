import type { APIRequestContext, APIResponse } from "@playwright/test";
import { answerChecker, type AnswerChecker } from "../../lib/openapi/answer-check";
import { expect } from "./test";

// The API specs check what they send and what they get against the portal's own OpenAPI document, as served at
// /api/openapi.json by the server under test: a route whose answer differs from its description fails the test.

let checker: Promise<AnswerChecker> | undefined;

function documentChecker(request: APIRequestContext): Promise<AnswerChecker> {
  checker ??= request.get("/api/openapi.json").then(async (served) => {
    expect(served.status(), "GET /api/openapi.json").toBe(200);
    return answerChecker(await served.json());
  });
  return checker;
}

/**
 * Fails unless the document lists this status for the operation, with the media type and the body (JSON, checked
 * against its schema) answered; when the request was accepted (2xx), its JSON body must fit the document too.
 */
export async function expectDescribed(request: APIRequestContext, method: string, response: APIResponse, sent?: unknown) {
  const check = await documentChecker(request);
  const { pathname } = new URL(response.url());
  const type = response.headers()["content-type"] ?? "";
  const body: unknown = type.startsWith("application/json") ? await response.json() : undefined;
  expect(check.problemsOfAnswer(method, pathname, response.status(), type, body), `${method} ${pathname} as described`).toEqual([]);
  if (sent !== undefined && response.ok())
    expect(check.problemsOfRequest(method, pathname, sent), `${method} ${pathname} request`).toEqual([]);
  return response;
}

type Options = { data?: unknown; multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> };

/** A call whose answer (and accepted JSON body) is checked against the document; JSON writes always carry a body. */
export async function describedCall(request: APIRequestContext, method: string, url: string, options: Options = {}) {
  const data = options.multipart || method === "GET" || method === "DELETE" ? options.data : (options.data ?? {});
  const response = await request.fetch(url, {
    method,
    ...(data !== undefined ? { data } : {}),
    ...(options.multipart ? { multipart: options.multipart } : {}),
  });
  return expectDescribed(request, method, response, options.multipart ? undefined : data);
}

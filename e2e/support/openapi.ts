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

type Multipart = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
type Sent = { body: unknown; mediaType: string };

/** What a multipart request sends, as the document's schema sees it: each part by name, a file as its (binary) text. */
const partsOf = (multipart: Multipart) =>
  Object.fromEntries(
    Object.entries(multipart).map(([name, part]) => [name, typeof part === "string" ? part : part.buffer.toString("latin1")]),
  );

/**
 * Fails unless the document lists this status for the operation, with the media type and the body (JSON, checked
 * against its schema) answered; when the request was accepted (2xx), what it sent must fit the document too (a JSON
 * body, or with `mediaType` "multipart/form-data" the parts as {name: text}).
 */
export async function expectDescribed(
  request: APIRequestContext,
  method: string,
  response: APIResponse,
  sent?: unknown,
  mediaType?: string,
) {
  const check = await documentChecker(request);
  const { pathname } = new URL(response.url());
  const type = response.headers()["content-type"] ?? "";
  const body: unknown = type.startsWith("application/json") ? await response.json() : undefined;
  expect(check.problemsOfAnswer(method, pathname, response.status(), type, body), `${method} ${pathname} as described`).toEqual([]);
  if (sent !== undefined && response.ok())
    expect(check.problemsOfRequest(method, pathname, sent, mediaType), `${method} ${pathname} request`).toEqual([]);
  return response;
}

type Options = { data?: unknown; multipart?: Multipart; headers?: Record<string, string> };

async function send(request: APIRequestContext, method: string, url: string, options: Options): Promise<[APIResponse, Sent]> {
  const data = options.multipart || method === "GET" || method === "DELETE" ? options.data : (options.data ?? {});
  const response = await request.fetch(url, {
    method,
    ...(data !== undefined ? { data } : {}),
    ...(options.multipart ? { multipart: options.multipart } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const sent = options.multipart
    ? { body: partsOf(options.multipart), mediaType: "multipart/form-data" }
    : { body: data, mediaType: "application/json" };
  return [response, sent];
}

/** A call whose answer (and accepted body, JSON or multipart) is checked against the document; JSON writes always carry a body. */
export async function describedCall(request: APIRequestContext, method: string, url: string, options: Options = {}) {
  const [response, sent] = await send(request, method, url, options);
  return expectDescribed(request, method, response, sent.body, sent.mediaType);
}

/**
 * A body the route refuses with 422 VALIDATION_ERROR (the answer as described) that the document's request schema
 * refuses too: the description and the route's validation agree on what is not a valid body.
 */
export async function describedRefusal(request: APIRequestContext, method: string, url: string, options: Options) {
  const [response, sent] = await send(request, method, url, options);
  await expectDescribed(request, method, response);
  expect(response.status(), await response.text()).toBe(422);
  const { pathname } = new URL(response.url());
  const problems = (await documentChecker(request)).problemsOfRequest(method, pathname, sent.body, sent.mediaType);
  expect(problems, `${method} ${pathname}: the document refuses this body too`).not.toEqual([]);
  return (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
}

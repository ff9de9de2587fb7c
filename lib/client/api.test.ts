import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, callApi, isApiError } from "@/lib/client/api";
import { errorBody } from "@/lib/errors";

// A real HTTP server on loopback answers each path the way the portal (or a proxy in front of it) may.
let server: Server;
let base = "";
const seen: { method?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method, type: req.headers["content-type"], body });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(value));
      };
      if (req.url === "/ok") return json(200, { cities: [{ name: "Leeds" }], echo: body });
      if (req.url === "/invalid")
        return json(422, errorBody("VALIDATION_ERROR", "Some fields are not valid.", { "address.city": "errors.field.required" }));
      if (req.url === "/limited") return json(429, errorBody("RATE_LIMITED", "Too many requests."), { "retry-after": "540" });
      if (req.url === "/moved")
        return json(
          409,
          errorBody("APPLICATION_MOVED", "Moved.", undefined, { movedTo: { device: "phone", since: "2026-11-27T17:42:00.000Z" } }),
        );
      if (req.url === "/foreign") return json(400, { error: { code: "SOMETHING_ELSE", message: "x" } });
      if (req.url === "/html") {
        res.writeHead(502, { "content-type": "text/html" });
        return res.end("<html>Bad gateway</html>");
      }
      if (req.url === "/not-json") return res.end("ok");
      if (req.url === "/slow") return setTimeout(() => json(200, {}), 2_000);
      json(404, errorBody("NOT_FOUND", "Not found."));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable("the call succeeded"),
    (error: unknown) => error,
  );

describe("callApi", () => {
  it("answers the JSON of a success, sending the body as JSON with a POST", async () => {
    const answer = await callApi<{ cities: { name: string }[]; echo: string }>(`${base}/ok`, { json: { renew: true } });
    expect(answer.cities[0]?.name).toBe("Leeds");
    expect(JSON.parse(answer.echo)).toEqual({ renew: true });
    expect(seen.at(-1)).toMatchObject({ method: "POST", type: "application/json" });
  });

  it("reads APPLICATION_MOVED's movedTo: the device kind and since when", async () => {
    const error = await failure(callApi(`${base}/moved`));
    expect(isApiError(error, "APPLICATION_MOVED")).toBe(true);
    expect((error as ApiError).movedTo).toEqual({ device: "phone", since: "2026-11-27T17:42:00.000Z" });
    expect((error as ApiError).status).toBe(409);
  });

  it("uses GET without a body, and the method asked for", async () => {
    await callApi(`${base}/ok`);
    expect(seen.at(-1)).toMatchObject({ method: "GET", type: undefined, body: "" });
    await callApi(`${base}/ok`, { method: "PATCH", json: {} });
    expect(seen.at(-1)?.method).toBe("PATCH");
  });

  it("sends a form as multipart, with the browser's boundary", async () => {
    const form = new FormData();
    form.append("reference_id", "ref-1");
    form.append("file", new Blob(["%PDF-1.4"], { type: "application/pdf" }), "proof.pdf");
    await callApi(`${base}/ok`, { form });
    const last = seen.at(-1);
    expect(last?.method).toBe("POST");
    expect(last?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(last?.body).toContain('name="reference_id"');
    expect(last?.body).toContain('filename="proof.pdf"');
  });

  it("reads the portal's error shape back: code, message, status and field errors", async () => {
    const error = await failure(callApi(`${base}/invalid`, { json: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Some fields are not valid.",
      status: 422,
      fields: { "address.city": "errors.field.required" },
      retryAfterSeconds: undefined,
    });
  });

  it("keeps Retry-After of a 429, and no fields when the body has none", async () => {
    const error = await failure(callApi(`${base}/limited`, { json: {} }));
    expect(isApiError(error, "RATE_LIMITED")).toBe(true);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 540, fields: {} });
  });

  it("calls an error body that is not JSON, or not the portal's shape, BAD_RESPONSE with its status", async () => {
    expect(await failure(callApi(`${base}/html`))).toMatchObject({ code: "BAD_RESPONSE", status: 502 });
    expect(await failure(callApi(`${base}/foreign`))).toMatchObject({ code: "BAD_RESPONSE", status: 400 });
  });

  it("calls a success that is not JSON BAD_RESPONSE", async () => {
    expect(await failure(callApi(`${base}/not-json`))).toMatchObject({ code: "BAD_RESPONSE", status: 200 });
  });

  it("calls a server that does not answer NETWORK, status 0", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(callApi(`http://127.0.0.1:${port}/ok`));
    expect(isApiError(error, "NETWORK")).toBe(true);
    expect(error).toMatchObject({ status: 0 });
  });

  it("leaves a cancelled call a cancellation, not a network error", async () => {
    const controller = new AbortController();
    const pending = failure(callApi(`${base}/slow`, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect(isApiError(error)).toBe(false);
    expect((error as Error).name).toBe("AbortError");
  });
});

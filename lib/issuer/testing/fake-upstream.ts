import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A scripted stand-in for the upstream on a real loopback socket: each request to a route takes the
// next answer of that route's script, so the client's reading of the wire is tested against answers
// the sandbox never gives (rate limits, broken envelopes, slow or stalled bodies).

export type Stall =
  /** Never sends the status line. */
  | "before-headers"
  /** Sends status and headers, then nothing more, never ending the body. */
  | "after-headers"
  /** Sends the body a byte at a time, every 20 ms, forever: bytes keep coming, the body never ends. */
  | "trickle";

export type ScriptedAnswer = {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as it is (HTML, broken JSON); anything else as JSON. */
  body?: unknown;
  /** Waits this long before answering. */
  delayMs?: number;
  stall?: Stall;
};

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export type FakeUpstream = {
  baseUrl: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Queues answers for "METHOD /path" (query ignored), given in order. */
  script: (route: string, ...answers: ScriptedAnswer[]) => void;
  /** Requests to one route. */
  to: (route: string) => RecordedRequest[];
  close: () => Promise<void>;
};

export const TOKEN_ROUTE = "POST /api/open/v1/auth/token";

/** A good envelope and a refusal, as the spec and the sandbox write them. */
export const ok = (data: unknown, extra: Omit<ScriptedAnswer, "body"> = {}): ScriptedAnswer => ({
  status: 200,
  body: { success: true, data },
  ...extra,
});
export const refusal = (status: number, code: string, extra: Omit<ScriptedAnswer, "body" | "status"> = {}): ScriptedAnswer => ({
  status,
  body: { success: false, code, message: `${code} (scripted)` },
  ...extra,
});

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const scripts = new Map<string, ScriptedAnswer[]>();
  const requests: RecordedRequest[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let issued = 0;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  // Unscripted token calls get a fresh token each (tok_1, tok_2, ...); other unscripted calls a 418 that names them.
  const fallback = (route: string): ScriptedAnswer =>
    route === TOKEN_ROUTE
      ? ok({ access_token: `tok_${++issued}`, token_type: "Bearer", expires_in: 7200 })
      : { status: 418, body: `unscripted request: ${route}` };

  const answer = (res: ServerResponse, a: ScriptedAnswer) => {
    const body = a.body === undefined ? "" : typeof a.body === "string" ? a.body : JSON.stringify(a.body);
    const type = typeof a.body === "string" ? "text/html; charset=utf-8" : "application/json";
    if (a.stall === "before-headers") return;
    res.writeHead(a.status ?? 200, { "content-type": type, ...a.headers });
    if (a.stall === "after-headers") return void res.flushHeaders();
    if (a.stall === "trickle") {
      const drip = () => {
        if (res.destroyed) return;
        res.write(" ");
        later(20, drip);
      };
      return drip();
    }
    res.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://fake.test").pathname;
      const route = `${req.method} ${path}`;
      requests.push({ method: req.method ?? "GET", path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const next = scripts.get(route)?.shift() ?? fallback(route);
      if (next.delayMs) later(next.delayMs, () => answer(res, next));
      else answer(res, next);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script: (route, ...answers) => scripts.set(route, [...(scripts.get(route) ?? []), ...answers]),
    to: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

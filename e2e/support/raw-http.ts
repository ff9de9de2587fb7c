import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

// Requests with headers a browser's fetch may not set (Host, a chunked body): node:http straight to the server.

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; text: string };
export type RawRequest = { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; host?: string | null };

/** One request to `origin`'s port on loopback; `host` replaces the Host header (null sends none at all). */
export function rawRequest(origin: string, { method = "GET", path, headers = {}, body, host }: RawRequest): Promise<RawAnswer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: Number(url.port),
        method,
        path,
        setHost: host !== null,
        headers: { ...(host ? { host } : {}), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The cookies an answer sets, as one Cookie header value (name=value pairs only). */
export function cookiesOf(answer: RawAnswer, jar = new Map<string, string>()): Map<string, string> {
  for (const line of answer.headers["set-cookie"] ?? []) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return jar;
}

export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// Test support only: a real HTTP receiver on 127.0.0.1, so deliveries go through fetch and sockets
// exactly as in production (no mocked fetch).

export type ReceivedHook = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
/** Decides the answer to the n-th hit (0-based); "hang" never answers (timeout tests). */
export type Responder = (hit: ReceivedHook, index: number) => number | "hang";

export type TestReceiver = {
  url: string;
  hits: ReceivedHook[];
  respond: Responder;
  close: () => Promise<void>;
};

export async function startReceiver(respond: Responder = () => 200): Promise<TestReceiver> {
  const receiver: Omit<TestReceiver, "url" | "close"> = { hits: [], respond };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const hit = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      const index = receiver.hits.push(hit) - 1;
      const status = receiver.respond(hit, index);
      if (status === "hang") return;
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A URL on which nothing listens: a port that was just free and is closed again. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}

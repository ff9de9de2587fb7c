// A small round-robin reverse proxy in front of the portal instances, as a load balancer would be: it appends
// the client's address to X-Forwarded-For (the portals run with TRUST_PROXY_HOPS=1), passes a request on to the
// next instance when the chosen one refuses the connection (it is down), and answers 502 when an instance
// dies with the request in hand.
import http from "node:http";

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer"]);

/** Starts the proxy on a free loopback port; `backends` are ports. Answers `{ url, stats, close }`. */
export async function startProxy(backends) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let next = 0;
  // Requests answered per backend and kind (api, webhook, sandbox), and those lost with a dying instance.
  const stats = { perBackend: backends.map(() => ({ api: 0, webhook: 0, sandbox: 0, other: 0 })), failedOver: 0, broken: 0 };
  const kind = (url) =>
    url.startsWith("/api/webhooks/") ? "webhook" : url.startsWith("/sandbox/") ? "sandbox" : url.startsWith("/api/") ? "api" : "other";

  const forward = (req, res, body, index, triesLeft) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const prior = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = prior ? `${prior}, ${req.socket.remoteAddress}` : req.socket.remoteAddress;
    headers["content-length"] = String(body.length);
    const upstream = http.request(
      { host: "127.0.0.1", port: backends[index], method: req.method, path: req.url, headers, agent },
      (answer) => {
        stats.perBackend[index][kind(req.url)] += 1;
        const kept = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        // Which instance answered, so that a check can see a limit hold across both.
        res.writeHead(answer.statusCode ?? 502, { ...kept, "x-reliability-instance": String(index) });
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", (error) => {
      // Nothing reached a refused instance: the next one may take the request, whatever its method.
      if (error.code === "ECONNREFUSED" && triesLeft > 1) {
        stats.failedOver += 1;
        return forward(req, res, body, (index + 1) % backends.length, triesLeft - 1);
      }
      stats.broken += 1;
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "BAD_GATEWAY", message: "The instance did not answer." } }));
    });
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      // A check may pin its request to one instance (x-reliability-pin) to spread a sequence evenly whatever else runs.
      const pin = Number(req.headers["x-reliability-pin"]);
      const index = Number.isInteger(pin) && pin >= 0 && pin < backends.length ? pin : next;
      if (index === next) next = (next + 1) % backends.length;
      forward(req, res, Buffer.concat(chunks), index, backends.length);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

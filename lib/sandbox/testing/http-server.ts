import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { Database } from "@/lib/db/types";
import type { SandboxConfig } from "@/lib/sandbox/config";
import { runSandboxCall } from "@/lib/sandbox/pipeline";
import { OPEN_API_ROUTES, SIMULATE_ROUTES } from "@/lib/sandbox/routes";

// The sandbox's Open API on a real loopback HTTP server, for integration tests of the portal's
// client without a Next server: same pipeline and handlers, a test database.

export type SandboxServer = {
  baseUrl: string;
  config: SandboxConfig;
  hits: Array<{ method: string; path: string }>;
  close: () => Promise<void>;
};

export function testSandboxConfig(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return {
    enabled: true,
    apiKey: "sandbox_key",
    apiSecret: "sandbox_secret",
    webhookSecret: "sandbox_webhook_secret",
    webhookUrl: "http://127.0.0.1:9/hooks",
    approvalDelayMs: 50,
    productsFile: undefined,
    // A loopback origin (nothing listens there): the portal accepts plain-http identity links only on loopback.
    appUrl: "http://127.0.0.1:4999",
    ...overrides,
  };
}

async function toWebRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function write(res: ServerResponse, response: Response) {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  res.end(Buffer.from(await response.arrayBuffer()));
}

export async function startSandboxServer(db: Database, config = testSandboxConfig()): Promise<SandboxServer> {
  const hits: SandboxServer["hits"] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = `http://${req.headers.host ?? "127.0.0.1"}`;
    const path = new URL(req.url ?? "/", origin).pathname;
    hits.push({ method: req.method ?? "GET", path });
    const request = await toWebRequest(req, origin);
    const simulate = path.startsWith("/simulate/");
    const response = await runSandboxCall(
      request,
      path,
      simulate ? SIMULATE_ROUTES : OPEN_API_ROUTES,
      { db, config },
      {
        faults: !simulate,
        requireRequestId: !simulate,
      },
    );
    await write(res, response);
  };
  // A failure of the test server itself (not a sandbox answer) ends that request with 500 rather than going unhandled.
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

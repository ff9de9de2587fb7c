import { existsSync, readFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { connect } from "node:net";
import { expect, test } from "./support/test";
import { exitOf, freePort, startServer, waitForHttp, type Started } from "./support/spawn-server";

// A server of its own, as `npm start` runs it: trusting no proxy (a client cannot choose its address by sending
// X-Forwarded-For) and listening on loopback only in sandbox mode.

let server: Started;
let origin: string;
let port: number;

test.beforeAll(async ({}, testInfo) => {
  port = await freePort();
  origin = `http://localhost:${port}`;
  server = startServer(port, { DATA_DIR: testInfo.outputPath("data"), APP_URL: origin, SANDBOX_APPROVAL_DELAY_MS: "300" });
  await waitForHttp(`${origin}/api/health`);
});
test.afterAll(async () => server?.stop());

const post = (path: string, body: unknown, spoof: string) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": spoof },
    body: JSON.stringify(body),
  });

test("starting applications: 20 per 10 minutes per client, a spoofed X-Forwarded-For does not reset the count", async () => {
  for (let i = 0; i < 20; i++)
    expect((await post("/api/applications", { productId: "prod_travel_standard_usd" }, `6.6.6.${i}`)).status).toBe(201);
  const refused = await post("/api/applications", { productId: "prod_travel_standard_usd" }, "7.7.7.7");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({ error: { code: "RATE_LIMITED", message: expect.any(String) } });
  // The plain form (no JavaScript) is counted too, and sends the person to a page that says when to retry.
  const form = await fetch(`${origin}/apply/start`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "productId=prod_travel_standard_usd",
    redirect: "manual",
  });
  expect(form.status).toBe(303);
  expect(form.headers.get("location")).toMatch(/\/\?start=limited&retry=\d+$/);
  const home = await (await fetch(String(form.headers.get("location")))).text();
  expect(home).toContain("Too many attempts were made from your network");
});

test("resume attempts: 30 per 10 minutes per client, then 429", async () => {
  for (let i = 0; i < 30; i++) expect((await post("/api/applications/resume", { token: "x".repeat(43) }, `8.8.8.${i}`)).status).toBe(404);
  expect((await post("/api/applications/resume", { token: "x".repeat(43) }, "9.9.9.9")).status).toBe(429);
});

test("city lists: 120 per 10 minutes per client, then 429 (each is answered from the cache, but still counted)", async () => {
  const get = (spoof: string) => fetch(`${origin}/api/cities?country=GB`, { headers: { "x-forwarded-for": spoof } });
  for (let i = 0; i < 120; i++) expect((await get(`5.5.5.${i}`)).status).toBe(200);
  const refused = await get("5.5.6.1");
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
});

/** The addresses listening on `port`, from the kernel's own tables (Linux): "127.0.0.1", "::1", "0.0.0.0", "::"... */
function listeners(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const rows = ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((f) => (existsSync(f) ? readFileSync(f, "utf8").split("\n").slice(1) : []));
  return rows
    .map((row) => row.trim().split(/\s+/))
    .filter((cols) => cols[3] === "0A" && cols[1]?.endsWith(`:${hex}`))
    .map(([, local = ""]) => {
      const addr = local.split(":")[0] ?? "";
      if (addr.length === 8)
        return addr
          .match(/../g)!
          .reverse()
          .map((b) => parseInt(b, 16))
          .join(".");
      return addr === "00000000000000000000000001000000" ? "::1" : addr === "0".repeat(32) ? "::" : addr;
    });
}

test("in sandbox mode it listens on loopback only: localhost answers, the machine's network address does not", async () => {
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  const bound = listeners(port);
  expect(bound).toContain("127.0.0.1");
  expect(bound.every((a) => a === "127.0.0.1" || a === "::1")).toBe(true);
  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal);
  if (external) {
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect({ host: external.address, port, timeout: 3_000 });
      socket.on("connect", () => (socket.destroy(), resolve("connected")));
      socket.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
      socket.on("timeout", () => (socket.destroy(), resolve("timeout")));
    });
    expect(outcome).toBe("ECONNREFUSED");
  }
});

test("a non-loopback HOST in sandbox mode is refused: the server stops with a message and never listens", async ({}, testInfo) => {
  const port = await freePort();
  const refused = startServer(port, { DATA_DIR: testInfo.outputPath("refused"), HOST: "0.0.0.0" });
  expect(await exitOf(refused), refused.output()).toBe(1);
  expect(refused.output()).toContain("HOST=0.0.0.0 is not a loopback address");
  expect(refused.output()).toContain("SANDBOX_ALLOW_NETWORK=1");
  expect(listeners(port)).toEqual([]);
});

test("with SANDBOX_ALLOW_NETWORK=1 a non-loopback HOST in sandbox mode starts with a loud warning", async ({}, testInfo) => {
  const open = startServer(await freePort(), { DATA_DIR: testInfo.outputPath("open"), HOST: "0.0.0.0", SANDBOX_ALLOW_NETWORK: "1" });
  try {
    await expect.poll(() => open.output(), { timeout: 60_000 }).toContain("WARNING: sandbox mode is listening on 0.0.0.0");
    expect(open.output()).toContain("public default credentials");
  } finally {
    await open.stop();
  }
});

test("served by plain `next start`, a client-sent x-portal-client-ip is not believed: rotating it does not reset a limit", async ({}, testInfo) => {
  const nextPort = await freePort();
  const nextOrigin = `http://localhost:${nextPort}`;
  const plain = startServer(
    nextPort,
    { DATA_DIR: testInfo.outputPath("next-start"), APP_URL: nextOrigin },
    "node_modules/next/dist/bin/next",
    ["start", "-p", String(nextPort)],
  );
  try {
    await waitForHttp(`${nextOrigin}/api/health`, 60_000);
    const resume = (spoof: string) =>
      fetch(`${nextOrigin}/api/applications/resume`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-portal-client-ip": spoof, "x-forwarded-for": spoof },
        body: JSON.stringify({ token: "x".repeat(43) }),
      });
    for (let i = 0; i < 30; i++) expect((await resume(`4.4.4.${i}`)).status).toBe(404);
    expect((await resume("4.4.5.1")).status).toBe(429);
  } finally {
    await plain.stop();
  }
});

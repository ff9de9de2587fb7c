import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/lib/db/rows";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import type { SandboxConfig } from "@/lib/sandbox/config";
import { setFaults } from "@/lib/sandbox/faults";
import { runSandboxCall } from "@/lib/sandbox/pipeline";
import { OPEN_API_ROUTES } from "@/lib/sandbox/routes";

const config: SandboxConfig = {
  enabled: true,
  apiKey: "k",
  apiSecret: "s",
  webhookSecret: "w",
  webhookUrl: "http://127.0.0.1:9/hooks",
  approvalDelayMs: 1000,
  productsFile: undefined,
  appUrl: "http://portal.test",
};

let handle: DbHandle;
let clock = new Date("2026-11-22T10:00:00Z");
beforeAll(async () => void (handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined })));
afterAll(async () => handle.close());

async function send(path: string, init: { method?: string; body?: unknown; token?: string; requestId?: string | null } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.requestId !== null) headers["x-request-id"] = init.requestId ?? crypto.randomUUID();
  const request = new Request(`http://portal.test/sandbox${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const response = await runSandboxCall(
    request,
    path.split("?")[0] ?? path,
    OPEN_API_ROUTES,
    { db: handle.db, config, now: () => clock },
    { faults: true, requireRequestId: true },
  );
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: Record<string, unknown>; code?: string } };
}

async function token() {
  const answer = await send("/api/open/v1/auth/token", { method: "POST", body: { api_key: "k", api_secret: "s" } });
  return String(answer.body.data?.access_token);
}

const cardholder = (email: string) => ({ first_name: "Ada", last_name: "Lovelace", email });

describe("sandbox pipeline", () => {
  it("accepts a token until it expires after 7200 s, then answers 401", async () => {
    const t = await token();
    expect((await send("/api/open/v1/issuing/products", { token: t })).status).toBe(200);
    clock = new Date(clock.getTime() + 7199_000);
    expect((await send("/api/open/v1/issuing/products", { token: t })).status).toBe(200);
    clock = new Date(clock.getTime() + 2_000);
    expect(await send("/api/open/v1/issuing/products", { token: t })).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
  });

  it("replays a successful write for the same X-Request-Id and body, refuses another body", async () => {
    const t = await token();
    const requestId = crypto.randomUUID();
    const first = await send("/api/open/v1/issuing/cardholders", {
      method: "POST",
      token: t,
      requestId,
      body: cardholder("one@example.com"),
    });
    const again = await send("/api/open/v1/issuing/cardholders", {
      method: "POST",
      token: t,
      requestId,
      body: cardholder("one@example.com"),
    });
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    const other = await send("/api/open/v1/issuing/cardholders", {
      method: "POST",
      token: t,
      requestId,
      body: cardholder("two@example.com"),
    });
    expect(other).toMatchObject({ status: 409, body: { code: "IDEMPOTENCY_KEY_REUSED" } });
  });

  it("does not replay a refusal: the same request id may succeed once the request is fixed... only with the same body", async () => {
    const t = await token();
    const requestId = crypto.randomUUID();
    const bad = await send("/api/open/v1/issuing/cardholders", { method: "POST", token: t, requestId, body: { first_name: "Ada" } });
    expect(bad).toMatchObject({ status: 400, body: { code: "VALIDATION_ERROR" } });
    const retried = await send("/api/open/v1/issuing/cardholders", {
      method: "POST",
      token: t,
      requestId,
      body: cardholder("three@example.com"),
    });
    expect(retried.status).toBe(200);
  });

  it("needs an X-Request-Id, even on the token call", async () => {
    const answer = await send("/api/open/v1/auth/token", { method: "POST", body: { api_key: "k", api_secret: "s" }, requestId: null });
    expect(answer).toMatchObject({ status: 400, body: { code: "MISSING_REQUEST_ID" } });
  });

  it("applies faults from the database: error_rate 1 fails before the handler; drop_rate 1 stores the answer and loses it", async () => {
    const t = await token();
    await setFaults(handle.db, { error_rate: 1 });
    expect(await send("/api/open/v1/issuing/products", { token: t })).toMatchObject({ status: 503, body: { code: "SERVICE_UNAVAILABLE" } });
    await setFaults(handle.db, { drop_rate: 1 });
    const requestId = crypto.randomUUID();
    const lost = await send("/api/open/v1/issuing/cardholders", {
      method: "POST",
      token: t,
      requestId,
      body: cardholder("drop@example.com"),
    });
    expect(lost).toMatchObject({ status: 502, body: { code: "BAD_GATEWAY" } });
    expect((await send("/api/open/v1/issuing/products", { token: t })).status).toBe(200);
    await setFaults(handle.db, {});
    const replay = await send("/api/open/v1/issuing/cardholders", {
      method: "POST",
      token: t,
      requestId,
      body: cardholder("drop@example.com"),
    });
    expect(replay.status).toBe(200);
    const list = await send("/api/open/v1/issuing/cardholders?email=drop@example.com", { token: t });
    expect(list.body, JSON.stringify(list)).toMatchObject({ data: { total: 1 } });
  });

  it("a write that dies after its claim leaves nothing behind: the same X-Request-Id then runs once, not 'in progress' for ever", async () => {
    let crash = true;
    const crashing = [
      {
        method: "POST" as const,
        path: "/write",
        auth: false,
        idempotent: true,
        handle: async (ctx: Parameters<(typeof OPEN_API_ROUTES)[number]["handle"]>[0]) => {
          await ctx.db.execute(
            sql`insert into sandbox_idempotency (request_id, route, body_hash) values (${`side-${ctx.requestId}`}, 'x', 'y')`,
          );
          if (crash) throw new Error("the process died here");
          return { status: 200, body: { ok: true } };
        },
      },
    ];
    const call = () =>
      runSandboxCall(
        new Request("http://x/sandbox/write", {
          method: "POST",
          headers: { "x-request-id": "crash-1", "content-type": "application/json" },
          body: "{}",
        }),
        "/write",
        crashing,
        { db: handle.db, config },
        { faults: false, requireRequestId: true },
      );
    expect((await call()).status).toBe(500);
    const left = await handle.db.execute(sql`select request_id from sandbox_idempotency where request_id in ('crash-1', 'side-crash-1')`);
    expect(rowsOf(left)).toEqual([]);
    crash = false;
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200); // replayed
    const kept = await handle.db.execute(sql`select request_id from sandbox_idempotency where request_id = 'side-crash-1'`);
    expect(rowsOf(kept)).toHaveLength(1);
  });

  it("never leaks an internal error: unknown failures answer INTERNAL_ERROR", async () => {
    const broken = [
      {
        method: "GET" as const,
        path: "/boom",
        auth: false,
        idempotent: false,
        handle: async () => {
          throw new Error("secret detail");
        },
      },
    ];
    const response = await runSandboxCall(
      new Request("http://x/sandbox/boom", { headers: { "x-request-id": "r" } }),
      "/boom",
      broken,
      { db: handle.db, config },
      { faults: false, requireRequestId: true },
    );
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("secret detail");
  });
});

import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/types";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { MAX_JSON_BYTES, type SandboxConfig } from "@/lib/sandbox/config";
import { matchPath, type SandboxContext, type SandboxRoute } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import { getFaults } from "@/lib/sandbox/faults";
import { failure, parseJsonObject, readBody, toResponse, type SandboxResult } from "@/lib/sandbox/http";
import { claimRequestId, releaseRequestId, storeResponse } from "@/lib/sandbox/store/idempotency";
import { isTokenValid } from "@/lib/sandbox/store/tokens";
import { log } from "@/lib/log";

export type PipelineDeps = { db: Database; config: SandboxConfig; now?: () => Date; notify?: () => void };
export type PipelineOptions = { faults: boolean; requireRequestId: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One sandbox call: route match, faults, X-Request-Id, Bearer token, idempotent replay for writes,
 * the handler, and the error envelope. Unknown failures become INTERNAL_ERROR without details.
 */
export async function runSandboxCall(
  request: Request,
  path: string,
  routes: SandboxRoute[],
  deps: PipelineDeps,
  options: PipelineOptions,
): Promise<Response> {
  const requestId = request.headers.get("x-request-id")?.trim() ?? "";
  try {
    const candidates = routes.map((route) => ({ route, params: matchPath(route.path, path) })).filter((c) => c.params);
    if (candidates.length === 0) throw new SandboxError("NOT_FOUND", `No endpoint at ${path}.`);
    const match = candidates.find((c) => c.route.method === request.method);
    if (!match?.params) throw new SandboxError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${path}.`);
    const { route, params } = match;

    // Faults hit the resource endpoints only: the token call stays up, so that a test that set error_rate 1
    // can still get a token and clear the faults through the (token-protected) test helpers.
    const faults = options.faults && route.auth ? await getFaults(deps.db) : undefined;
    if (faults?.latency_ms) await sleep(faults.latency_ms);
    if (faults && Math.random() < faults.error_rate) {
      throw new SandboxError("SERVICE_UNAVAILABLE", "Simulated outage (sandbox faults): nothing was done, try again.");
    }
    if (options.requireRequestId && !requestId) {
      throw new SandboxError("MISSING_REQUEST_ID", "Every call needs an X-Request-Id header (a UUID is recommended).");
    }
    if (route.auth) await authenticate(request, deps);

    const limit = route.bodyLimit ?? MAX_JSON_BYTES;
    const rawBody =
      route.method === "GET"
        ? Buffer.alloc(0)
        : await readBody(
            request,
            limit,
            () =>
              new SandboxError(limit > MAX_JSON_BYTES ? "FILE_TOO_LARGE" : "PAYLOAD_TOO_LARGE", `The request body exceeds ${limit} bytes.`),
          );
    const ctx: SandboxContext = {
      db: deps.db,
      config: deps.config,
      now: deps.now?.() ?? new Date(),
      requestId: requestId || randomUUID(),
      params,
      query: new URL(request.url).searchParams,
      headers: request.headers,
      rawBody,
      json: () => parseJsonObject(rawBody),
      notify: deps.notify ?? (() => undefined),
    };

    const result = route.idempotent ? await runIdempotent(route, ctx) : await runHandler(route, ctx);
    if (route.idempotent && faults && Math.random() < faults.drop_rate) {
      // The write happened and its answer is stored; only this reply is lost.
      return toResponse(failure(new SandboxError("BAD_GATEWAY", "Simulated lost answer (sandbox faults).")), requestId);
    }
    return result instanceof Response ? result : toResponse(result, requestId);
  } catch (error) {
    return toResponse(failure(asSandboxError(error, path)), requestId || undefined);
  }
}

async function authenticate(request: Request, deps: PipelineDeps) {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1] || !(await isTokenValid(deps.db, match[1], deps.now?.() ?? new Date()))) {
    throw new SandboxError("UNAUTHORIZED", "The access token is missing, unknown or expired. Get a new one from /api/open/v1/auth/token.");
  }
}

async function runHandler(route: SandboxRoute, ctx: SandboxContext): Promise<SandboxResult | Response> {
  try {
    return await route.handle(ctx);
  } catch (error) {
    if (error instanceof SandboxError) return failure(error);
    throw error;
  }
}

/**
 * Claim, write and stored answer commit together: a process killed in between leaves neither claim nor write,
 * so a retry with the same X-Request-Id runs again (0.1 left such a claim "in progress" for ever). A second
 * call with the same id waits on the claim's row until the first commits, then replays its answer.
 */
async function runIdempotent(route: SandboxRoute, ctx: SandboxContext): Promise<SandboxResult | Response> {
  const routeKey = `${route.method} ${route.path}`;
  const bodyHash = await hashBody(ctx);
  return ctx.db.transaction(async (tx) => {
    const claim = await claimRequestId(tx, ctx.requestId, routeKey, bodyHash);
    if (claim.kind === "mismatch") {
      throw new SandboxError("IDEMPOTENCY_KEY_REUSED", "This X-Request-Id was already used for a different request.");
    }
    if (claim.kind === "in-progress") {
      throw new SandboxError("REQUEST_IN_PROGRESS", "A request with this X-Request-Id is still being processed; retry shortly.");
    }
    if (claim.kind === "replay") return { status: claim.status, body: claim.body };
    const result = await runHandler(route, { ...ctx, db: tx });
    if (result instanceof Response) throw new Error(`${routeKey} must answer JSON to be idempotent`);
    // Only successes are replayed: a refused write changed nothing, so the same id may try again later
    // (e.g. card creation refused while approval is pending).
    if (result.status < 400) await storeResponse(tx, ctx.requestId, result.status, result.body);
    else await releaseRequestId(tx, ctx.requestId);
    return result;
  });
}

function asSandboxError(error: unknown, path: string): SandboxError {
  if (error instanceof SandboxError) return error;
  if (isDatabaseUnavailable(error)) return new SandboxError("SERVICE_UNAVAILABLE", "The sandbox cannot reach its database; try again.");
  log.error("sandbox.internal_error", { path, reason: error instanceof Error ? error.message : String(error) });
  return new SandboxError("INTERNAL_ERROR", "The sandbox failed to process the request.");
}

/**
 * The fingerprint of a write for idempotency. Multipart bodies are hashed by their parts, not their bytes:
 * a client that rebuilds the same form for a retry gets a new random boundary but sends the same request.
 */
async function hashBody(ctx: SandboxContext): Promise<string> {
  const hash = createHash("sha256").update(JSON.stringify(ctx.params)).update("\0");
  const type = ctx.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return hash.update(ctx.rawBody).digest("hex");
  try {
    const form = await new Response(new Uint8Array(ctx.rawBody), { headers: { "content-type": type } }).formData();
    for (const [name, value] of form.entries()) {
      hash.update(name).update("\0");
      if (typeof value === "string") hash.update(value);
      else
        hash
          .update(value.name)
          .update("\0")
          .update(new Uint8Array(await value.arrayBuffer()));
      hash.update("\0");
    }
  } catch {
    hash.update(ctx.rawBody);
  }
  return hash.digest("hex");
}

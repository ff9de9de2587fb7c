import "server-only";
import { portalNames } from "@/lib/api/host-guard";
import { open, type Keyring } from "@/lib/crypto/secret-box";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDb } from "@/lib/db";
import { listEndpoints } from "@/lib/db/event-endpoints";
import type { Database } from "@/lib/db/types";
import { errorBody } from "@/lib/errors";
import { API_HEADERS } from "@/lib/http/security-headers";
import { readBodyWithLimit } from "@/lib/http/read-body";
import {
  RECEIVER_MAX_PER_MINUTE,
  receiverState,
  recordRequest,
  takeRequest,
  type ReceiverState,
} from "@/lib/events/sandbox-receiver/store";
import { pointsHere, verifyArrival, type EndpointSecrets } from "@/lib/events/sandbox-receiver/verify";

// POST /sandbox/events/receive: the sandbox's stand-in for a merchant's endpoint. It verifies each post with the
// secrets of the endpoints pointing here, keeps it (store.ts) and answers 200, or 500 while
// "fail the next N" lasts, so staff can watch the runner retry.

/** Bodies above this are refused (413) unread; portal events are under 2 kB. */
export const RECEIVER_MAX_READ_BYTES = 1024 * 1024;

const answer = (status: number, body: object, extra: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...API_HEADERS, ...extra } });

/** The secrets of every endpoint whose URL is this receiver's, the previous one only while its overlap lasts. */
export async function receiverSecrets(db: Database, keys: Keyring, hosts: ReadonlySet<string>, now: Date): Promise<EndpointSecrets[]> {
  const endpoints = (await listEndpoints(db)).filter((e) => pointsHere(e.url, hosts));
  return endpoints.map((e) => ({
    endpointId: e.id,
    current: open(e.secretSealed, keys),
    previous:
      e.previousSecretSealed && e.previousSecretExpiresAt && e.previousSecretExpiresAt > now ? open(e.previousSecretSealed, keys) : null,
  }));
}

export async function receiveEvent(request: Request, state: ReceiverState = receiverState()): Promise<Response> {
  const now = new Date();
  if (!takeRequest(state, now)) {
    return answer(429, errorBody("RATE_LIMITED", `The sandbox receiver takes ${RECEIVER_MAX_PER_MINUTE} requests a minute.`), {
      "retry-after": "60",
    });
  }
  let raw: Buffer;
  try {
    raw = await readBodyWithLimit(request, RECEIVER_MAX_READ_BYTES, () => new Error("too large"));
  } catch {
    return answer(413, errorBody("PAYLOAD_TOO_LARGE", `The sandbox receiver reads bodies up to ${RECEIVER_MAX_READ_BYTES} bytes.`));
  }
  const body = raw.toString("utf8");
  const headers = {
    "webhook-id": request.headers.get("webhook-id") ?? "",
    "webhook-timestamp": request.headers.get("webhook-timestamp") ?? "",
    "webhook-signature": request.headers.get("webhook-signature") ?? "",
  };
  const secrets = await receiverSecrets(await getDb(), getKeyring(), portalNames().hosts, now);
  const kept = recordRequest(
    state,
    {
      headers: { id: headers["webhook-id"], timestamp: headers["webhook-timestamp"], signature: headers["webhook-signature"] },
      body,
      verification: verifyArrival(body, headers, secrets),
    },
    now,
  );
  if (kept.status === 500) return answer(500, errorBody("SANDBOX_FAIL_NEXT", "The sandbox receiver was told to fail this delivery."));
  return answer(200, { received: kept.n, verified: kept.verification.ok, repeat: kept.repeat });
}

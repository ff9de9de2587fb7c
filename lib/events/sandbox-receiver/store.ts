import type { Verification } from "@/lib/events/sandbox-receiver/verify";

// What the sandbox's event receiver (/sandbox/events) keeps: the last requests it was sent, in this process's memory
// on globalThis (one sandbox process; kept across dev reloads, gone on a restart, as a demo tool may be). Capped in
// count, body size and rate, so no sender can make it a memory hole.

/** Requests kept, newest first; the oldest goes when one more arrives. */
export const RECEIVER_MAX_REQUESTS = 200;
/** Bytes of a body kept (the whole body is verified first); portal events are under 2 kB. */
export const RECEIVER_MAX_BODY_BYTES = 64 * 1024;
/** Delivered `webhook-id`s remembered to mark repeats (more than the requests: an id outlives its request). */
export const RECEIVER_MAX_IDS = 2_000;
/** Requests taken per minute; above it the receiver answers 429 and keeps nothing (the runner retries later). */
export const RECEIVER_MAX_PER_MINUTE = 600;
/** The most the "answer 500 to the next N" control takes. */
export const RECEIVER_MAX_FAIL_NEXT = 20;

export type ReceivedRequest = {
  /** 1, 2, 3… in arrival order since the process started (the page's `/sandbox/events/{n}`). */
  n: number;
  receivedAt: Date;
  webhookId: string;
  webhookTimestamp: string;
  webhookSignature: string;
  /** The body as received, cut at RECEIVER_MAX_BODY_BYTES (then `truncated`). */
  body: string;
  truncated: boolean;
  /** Read from the body when it is a portal event; null otherwise. */
  type: string | null;
  applicationId: string | null;
  verification: Verification;
  /** This id was answered 2xx before: a receiver drops it. */
  repeat: boolean;
  /** What the receiver answered: 200, or 500 while "fail the next N" lasted. */
  status: number;
};

export type ReceiverState = {
  next: number;
  requests: ReceivedRequest[];
  /** Ids answered 2xx, oldest first (a Map keeps insertion order, so the oldest is dropped first). */
  delivered: Map<string, true>;
  failNext: number;
  window: { start: number; count: number };
};

export const newReceiverState = (): ReceiverState => ({
  next: 1,
  requests: [],
  delivered: new Map(),
  failNext: 0,
  window: { start: 0, count: 0 },
});

const KEY = Symbol.for("card-portal.sandbox-event-receiver");
type Holder = { [KEY]?: ReceiverState };

/** The process's receiver (route handlers and pages are bundled apart: only globalThis is shared between them). */
export function receiverState(): ReceiverState {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= newReceiverState());
}

/** Counts one request in the current minute; false when the minute's allowance is spent. */
export function takeRequest(state: ReceiverState, now: Date): boolean {
  const minute = Math.floor(now.getTime() / 60_000);
  if (state.window.start !== minute) state.window = { start: minute, count: 0 };
  state.window.count += 1;
  return state.window.count <= RECEIVER_MAX_PER_MINUTE;
}

/** Cuts a body to RECEIVER_MAX_BODY_BYTES on a character boundary. */
export function capBody(body: string): { body: string; truncated: boolean } {
  const bytes = Buffer.from(body, "utf8");
  if (bytes.length <= RECEIVER_MAX_BODY_BYTES) return { body, truncated: false };
  // Decoding a cut buffer may end in a broken character (U+FFFD): drop it.
  return {
    body: bytes
      .subarray(0, RECEIVER_MAX_BODY_BYTES)
      .toString("utf8")
      .replace(/\uFFFD$/, ""),
    truncated: true,
  };
}

function summaryOf(body: string): { type: string | null; applicationId: string | null } {
  try {
    const parsed = JSON.parse(body) as { type?: unknown; data?: { application_id?: unknown } };
    const type = typeof parsed.type === "string" ? parsed.type.slice(0, 100) : null;
    const app = parsed.data?.application_id;
    return { type, applicationId: typeof app === "string" ? app.slice(0, 100) : null };
  } catch {
    return { type: null, applicationId: null };
  }
}

export type Arrival = { headers: { id: string; timestamp: string; signature: string }; body: string; verification: Verification };

/** Keeps one request and answers the status to send: 500 while "fail the next N" lasts, else 200. */
export function recordRequest(state: ReceiverState, arrival: Arrival, now: Date): ReceivedRequest {
  const status = state.failNext > 0 ? 500 : 200;
  if (status === 500) state.failNext -= 1;
  const id = arrival.headers.id.slice(0, 200);
  const repeat = id !== "" && state.delivered.has(id);
  if (status === 200 && id !== "" && !repeat) {
    state.delivered.set(id, true);
    if (state.delivered.size > RECEIVER_MAX_IDS) state.delivered.delete(state.delivered.keys().next().value ?? "");
  }
  const request: ReceivedRequest = {
    n: state.next++,
    receivedAt: now,
    webhookId: id,
    webhookTimestamp: arrival.headers.timestamp.slice(0, 100),
    webhookSignature: arrival.headers.signature.slice(0, 1_000),
    ...capBody(arrival.body),
    ...summaryOf(arrival.body),
    verification: arrival.verification,
    repeat,
    status,
  };
  state.requests.unshift(request);
  state.requests.length = Math.min(state.requests.length, RECEIVER_MAX_REQUESTS);
  return request;
}

export const findRequest = (state: ReceiverState, n: number): ReceivedRequest | undefined => state.requests.find((r) => r.n === n);

/** Forgets every request and every delivered id (the numbering goes on, so an old link shows nothing else). */
export function clearRequests(state: ReceiverState): void {
  state.requests = [];
  state.delivered.clear();
}

/** The next `count` requests are answered 500 (0 stops it); answers the count kept, within 0..RECEIVER_MAX_FAIL_NEXT. */
export function setFailNext(state: ReceiverState, count: number): number {
  state.failNext = Number.isInteger(count) ? Math.min(Math.max(count, 0), RECEIVER_MAX_FAIL_NEXT) : 0;
  return state.failNext;
}

import { describe, expect, it } from "vitest";
import {
  capBody,
  clearRequests,
  findRequest,
  newReceiverState,
  RECEIVER_MAX_BODY_BYTES,
  RECEIVER_MAX_FAIL_NEXT,
  RECEIVER_MAX_IDS,
  RECEIVER_MAX_PER_MINUTE,
  RECEIVER_MAX_REQUESTS,
  recordRequest,
  setFailNext,
  takeRequest,
  type Arrival,
} from "@/lib/events/sandbox-receiver/store";

// The receiver's memory stays bounded: requests, body bytes, remembered ids and the rate are all capped.

const now = new Date("2026-11-27T08:00:00Z");
const arrival = (id: string, body = JSON.stringify({ type: "application.started", data: { application_id: "app_1" } })): Arrival => ({
  headers: { id, timestamp: "1795766400", signature: "v1,abc" },
  body,
  verification: { ok: true, secret: "current", endpointId: "ep_1" },
});

describe("the receiver's store", () => {
  it("keeps the newest RECEIVER_MAX_REQUESTS requests, newest first, numbered in arrival order", () => {
    const state = newReceiverState();
    for (let i = 1; i <= RECEIVER_MAX_REQUESTS + 5; i += 1) recordRequest(state, arrival(`evt_${i}`), now);
    expect(state.requests).toHaveLength(RECEIVER_MAX_REQUESTS);
    expect(state.requests[0]?.n).toBe(RECEIVER_MAX_REQUESTS + 5);
    expect(state.requests.at(-1)?.n).toBe(6);
    expect(findRequest(state, 5)).toBeUndefined();
    expect(findRequest(state, 6)?.webhookId).toBe("evt_6");
  });

  it("reads the type and application of a portal event, and nothing from other bodies", () => {
    const state = newReceiverState();
    expect(recordRequest(state, arrival("evt_1"), now)).toMatchObject({ type: "application.started", applicationId: "app_1" });
    expect(recordRequest(state, arrival("evt_2", "not json"), now)).toMatchObject({ type: null, applicationId: null, body: "not json" });
  });

  it("cuts a body at RECEIVER_MAX_BODY_BYTES on a character boundary and says so", () => {
    const long = "é".repeat(RECEIVER_MAX_BODY_BYTES); // two bytes each
    const cut = capBody(long);
    expect(cut.truncated).toBe(true);
    expect(Buffer.byteLength(cut.body)).toBeLessThanOrEqual(RECEIVER_MAX_BODY_BYTES);
    expect(cut.body).toBe("é".repeat(RECEIVER_MAX_BODY_BYTES / 2));
    expect(capBody("{}")).toEqual({ body: "{}", truncated: false });
    const state = newReceiverState();
    expect(recordRequest(state, arrival("evt_1", "x".repeat(RECEIVER_MAX_BODY_BYTES + 10)), now).body).toHaveLength(
      RECEIVER_MAX_BODY_BYTES,
    );
  });

  it("marks a repeat of an id answered 2xx before, not of one answered 500", () => {
    const state = newReceiverState();
    setFailNext(state, 1);
    expect(recordRequest(state, arrival("evt_1"), now)).toMatchObject({ status: 500, repeat: false });
    expect(recordRequest(state, arrival("evt_1"), now)).toMatchObject({ status: 200, repeat: false });
    expect(recordRequest(state, arrival("evt_1"), now)).toMatchObject({ status: 200, repeat: true });
    expect(recordRequest(state, arrival(""), now)).toMatchObject({ repeat: false });
    expect(recordRequest(state, arrival(""), now)).toMatchObject({ repeat: false });
  });

  it("remembers at most RECEIVER_MAX_IDS ids, forgetting the oldest first", () => {
    const state = newReceiverState();
    for (let i = 0; i <= RECEIVER_MAX_IDS; i += 1) recordRequest(state, arrival(`evt_${i}`), now);
    expect(state.delivered.size).toBe(RECEIVER_MAX_IDS);
    expect(recordRequest(state, arrival("evt_0"), now).repeat).toBe(false);
    expect(recordRequest(state, arrival(`evt_${RECEIVER_MAX_IDS}`), now).repeat).toBe(true);
  });

  it("answers 500 to exactly the next N requests, N within 0..RECEIVER_MAX_FAIL_NEXT", () => {
    const state = newReceiverState();
    expect(setFailNext(state, 2)).toBe(2);
    const statuses = ["evt_1", "evt_2", "evt_3"].map((id) => recordRequest(state, arrival(id), now).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect(setFailNext(state, 1_000)).toBe(RECEIVER_MAX_FAIL_NEXT);
    expect(setFailNext(state, -3)).toBe(0);
    expect(setFailNext(state, 1.5)).toBe(0);
  });

  it("takes RECEIVER_MAX_PER_MINUTE requests a minute, then refuses until the next minute", () => {
    const state = newReceiverState();
    const taken = Array.from({ length: RECEIVER_MAX_PER_MINUTE + 1 }, () => takeRequest(state, now));
    expect(taken.filter(Boolean)).toHaveLength(RECEIVER_MAX_PER_MINUTE);
    expect(taken.at(-1)).toBe(false);
    expect(takeRequest(state, new Date(now.getTime() + 60_000))).toBe(true);
  });

  it("clear forgets the requests and the ids; the numbering goes on", () => {
    const state = newReceiverState();
    recordRequest(state, arrival("evt_1"), now);
    clearRequests(state);
    expect(state.requests).toEqual([]);
    expect(recordRequest(state, arrival("evt_1"), now)).toMatchObject({ n: 2, repeat: false });
  });
});

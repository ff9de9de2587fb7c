import { describe, expect, it } from "vitest";
import { countTimeline, filterTimeline, mergeTimeline, timelineFilterOf, type TimelineSources } from "@/lib/admin/case/timeline";

// The merge of the application page's timeline: one list, newest first, every source in, nothing twice.

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s));
const empty: TimelineSources = { events: [], webhooks: [], upstream: [], audit: [], notes: [] };

describe("mergeTimeline", () => {
  it("merges every source newest first", () => {
    const entries = mergeTimeline({
      events: [
        { id: 1, fromState: null, toState: "draft", reason: "started", createdAt: at(0) },
        { id: 2, fromState: "draft", toState: "submitted", reason: "submitted", createdAt: at(10) },
        { id: 3, fromState: "submitted", toState: "submitted", reason: "opened on another device", createdAt: at(5) },
      ],
      webhooks: [{ eventId: "evt_1", eventType: "cardholder.created", eventAt: at(12), state: "applied", attempts: 1, lastError: null }],
      upstream: [
        {
          id: 7,
          method: "POST",
          path: "/api/open/v2/issuing/cardholders",
          requestId: "r1",
          attempt: 1,
          httpStatus: 200,
          errorCode: null,
          durationMs: 40,
          createdAt: at(11),
        },
      ],
      audit: [{ id: 4, at: at(20), action: "application.claimed", staffEmail: "a@example.com", target: null }],
      notes: [{ id: 9, staffName: "Ann", body: "called them", createdAt: at(30) }],
    });
    expect(entries.map((e) => `${e.kind}@${e.at.getUTCSeconds()}`)).toEqual([
      "note@30",
      "staff@20",
      "webhook@12",
      "upstream@11",
      "transition@10",
      "step@5",
      "transition@0",
    ]);
    expect(entries.at(-1)).toMatchObject({ kind: "transition", from: null, to: "draft" });
    expect(entries[0]).toMatchObject({ kind: "note", author: "Ann", body: "called them" });
  });

  it("shows a note once: its audit row is left out, other audit rows stay", () => {
    const entries = mergeTimeline({
      ...empty,
      audit: [
        { id: 1, at: at(1), action: "application.note_added", staffEmail: "a@example.com", target: null },
        { id: 2, at: at(2), action: "application.value_revealed", staffEmail: "a@example.com", target: "ssn" },
      ],
      notes: [{ id: 1, staffName: "Ann", body: "x", createdAt: at(1) }],
    });
    expect(entries.map((e) => e.kind)).toEqual(["staff", "note"]);
    expect(entries[0]).toMatchObject({ action: "application.value_revealed", target: "ssn" });
  });

  it("orders entries of one instant: staff first, then what followed, then by their own order; keys are unique", () => {
    const entries = mergeTimeline({
      ...empty,
      events: [
        { id: 1, fromState: "draft", toState: "submitted", reason: "a", createdAt: at(1) },
        { id: 2, fromState: "submitted", toState: "kyc_pending", reason: "b", createdAt: at(1) },
      ],
      upstream: [
        {
          id: 1,
          method: "GET",
          path: "/x",
          requestId: "r",
          attempt: 1,
          httpStatus: null,
          errorCode: "TIMEOUT",
          durationMs: 1,
          createdAt: at(1),
        },
      ],
      audit: [{ id: 1, at: at(1), action: "application.claimed", staffEmail: "a@example.com", target: null }],
    });
    expect(entries.map((e) => e.key)).toEqual(["a1", "e2", "e1", "u1"]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
  });

  it("shows each email queued for the application at the time it was queued, masked, with its state and failure", () => {
    const entries = mergeTimeline({
      ...empty,
      events: [{ id: 1, fromState: null, toState: "draft", reason: "started", createdAt: at(0) }],
      mail: [
        {
          id: "m-1",
          subject: "Continue",
          recipientMasked: "a•••@example.com",
          state: "sent",
          failure: null,
          createdAt: at(1),
          sentAt: at(3),
        },
        {
          id: "m-2",
          subject: "Verify",
          recipientMasked: "a•••@example.com",
          state: "failed",
          failure: "address",
          createdAt: at(5),
          sentAt: null,
        },
      ],
    });
    expect(entries.map((e) => e.key)).toEqual(["mm-2", "mm-1", "e1"]);
    expect(entries[0]).toEqual({
      kind: "mail",
      key: "mm-2",
      at: at(5),
      subject: "Verify",
      recipient: "a•••@example.com",
      state: "failed",
      failure: "address",
      sentAt: null,
    });
    expect(filterTimeline(entries, "emails").map((e) => e.key)).toEqual(["mm-2", "mm-1"]);
    expect(countTimeline(entries).emails).toBe(2);
  });

  it("answers an empty list for an empty application", () => {
    expect(mergeTimeline(empty)).toEqual([]);
  });
});

describe("timeline filters", () => {
  const entries = mergeTimeline({
    ...empty,
    events: [
      { id: 1, fromState: null, toState: "draft", reason: "started", createdAt: at(0) },
      { id: 2, fromState: "draft", toState: "draft", reason: "resumed", createdAt: at(1) },
    ],
    notes: [{ id: 1, staffName: "Ann", body: "x", createdAt: at(2) }],
  });

  it("keeps the kinds a filter names, counts each, and reads anything unknown as all", () => {
    expect(filterTimeline(entries, "states").map((e) => e.kind)).toEqual(["step", "transition"]);
    expect(filterTimeline(entries, "notes")).toHaveLength(1);
    expect(filterTimeline(entries, "all")).toBe(entries);
    expect(countTimeline(entries)).toEqual({ all: 3, states: 2, events: 0, calls: 0, staff: 0, notes: 1, emails: 0 });
    expect(timelineFilterOf("calls")).toBe("calls");
    expect(timelineFilterOf("<script>")).toBe("all");
    expect(timelineFilterOf(["calls"])).toBe("all");
  });
});

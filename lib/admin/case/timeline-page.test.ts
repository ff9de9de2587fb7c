import { describe, expect, it } from "vitest";
import { groupedWebhookTypes, mergeTimeline, WEBHOOK_GROUP_AFTER, type TimelineEntry } from "@/lib/admin/case/timeline";
import { pageTimeline, timelinePageOf, TIMELINE_PAGE_SIZE } from "@/lib/admin/case/timeline-page";

// The timeline a page at a time, and many events of one type as one line.

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, 0, s));
const steps = (n: number): TimelineEntry[] =>
  Array.from({ length: n }, (_, i) => ({ kind: "step", key: `e${i}`, at: at(n - i), state: "draft", reason: `step ${i}` }));

describe("pageTimeline", () => {
  it("cuts thousands of entries into pages and says where each page sits", () => {
    const entries = steps(3_000);
    const first = pageTimeline(entries, 1);
    expect(first).toMatchObject({ page: 1, pages: 60, first: 1, last: TIMELINE_PAGE_SIZE, total: 3_000 });
    expect(first.entries.map((e) => e.key)).toEqual(entries.slice(0, TIMELINE_PAGE_SIZE).map((e) => e.key));
    const third = pageTimeline(entries, 3);
    expect(third).toMatchObject({ first: 101, last: 150 });
    expect(third.entries[0]?.key).toBe("e100");
  });

  it("shows the last page for a page past the end, and one empty page for nothing", () => {
    expect(pageTimeline(steps(120), 99)).toMatchObject({ page: 3, pages: 3, first: 101, last: 120 });
    expect(pageTimeline([], 2)).toMatchObject({ page: 1, pages: 1, first: 0, last: 0, total: 0, entries: [] });
  });

  it("reads the page from the URL, the first page for anything else", () => {
    expect(timelinePageOf("4")).toBe(4);
    expect(["0", "-2", "2.5", "x", undefined, ["2"], "12345678"].map(timelinePageOf)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});

describe("grouped issuer events", () => {
  it("groups a type with more than the threshold of events, and shows it at its latest event", () => {
    const counts = [
      { eventType: "issuing.authorization", count: 1_508 },
      { eventType: "cardholder.approved", count: 1 },
      { eventType: "card.created", count: WEBHOOK_GROUP_AFTER },
    ];
    expect(groupedWebhookTypes(counts)).toEqual(["issuing.authorization"]);
    const entries = mergeTimeline({
      events: [{ id: 1, fromState: null, toState: "draft", reason: "started", createdAt: at(0) }],
      webhooks: [],
      webhookGroups: [{ eventType: "issuing.authorization", count: 1_508, notApplied: 2, latestAt: at(50) }],
      upstream: [],
      audit: [],
      notes: [],
    });
    expect(entries.map((e) => e.kind)).toEqual(["webhookGroup", "transition"]);
    expect(entries[0]).toMatchObject({ at: at(50), count: 1_508, notApplied: 2 });
  });
});

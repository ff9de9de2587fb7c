import type { ApplicationState, MailRow } from "@/lib/db/schema";
import type { UpstreamCallSummary } from "@/lib/db/upstream-requests";

// One timeline per application, newest first: state transitions and notable steps, webhook events about its
// cardholder, upstream calls, staff actions and notes, emails. Pure: the rows come in, one ordered list goes out.

export type TimelineEntry =
  | { kind: "transition"; key: string; at: Date; from: ApplicationState | null; to: ApplicationState; reason: string }
  | { kind: "step"; key: string; at: Date; state: ApplicationState; reason: string }
  | { kind: "webhook"; key: string; at: Date; eventId: string; eventType: string; state: string; attempts: number; error: string | null }
  /** Many events of one type (card authorizations) as one line: how many, how many did not apply, the latest. */
  | { kind: "webhookGroup"; key: string; at: Date; eventType: string; count: number; notApplied: number }
  | {
      kind: "upstream";
      key: string;
      at: Date;
      method: string;
      path: string;
      requestId: string;
      attempt: number;
      httpStatus: number | null;
      durationMs: number;
      errorCode: string | null;
    }
  | { kind: "staff"; key: string; at: Date; action: string; staffEmail: string; target: string | null }
  | { kind: "note"; key: string; at: Date; author: string; body: string }
  | {
      kind: "mail";
      key: string;
      at: Date;
      subject: string;
      /** Masked ("a•••@example.com"): the page never shows the address. */
      recipient: string;
      state: MailRow["state"];
      failure: MailRow["failure"];
      sentAt: Date | null;
    };

/** An email queued about the application, as lib/db/mail-outbox.ts lists it (no address, no link). */
export type TimelineMail = Pick<MailRow, "id" | "subject" | "recipientMasked" | "state" | "failure" | "createdAt" | "sentAt">;

export type TimelineSources = {
  events: Array<{ id: number; fromState: ApplicationState | null; toState: ApplicationState; reason: string; createdAt: Date }>;
  webhooks: Array<{ eventId: string; eventType: string; eventAt: Date; state: string; attempts: number; lastError: string | null }>;
  /** The event types shown as one line each (see groupedWebhookTypes); their events are not in `webhooks`. */
  webhookGroups?: Array<{ eventType: string; count: number; notApplied: number; latestAt: Date | null }>;
  upstream: UpstreamCallSummary[];
  audit: Array<{ id: number; at: Date; action: string; staffEmail: string; target: string | null }>;
  notes: Array<{ id: number; staffName: string; body: string; createdAt: Date }>;
  mail?: TimelineMail[];
};

/** Audit actions that another entry already shows (the note itself stands for "note added"). */
const SHOWN_ELSEWHERE = new Set(["application.note_added"]);

/** Among entries of the same instant, which reads as later: what staff did, then what it caused. */
const RANK: Record<TimelineEntry["kind"], number> = {
  note: 5,
  staff: 4,
  transition: 3,
  step: 3,
  mail: 2,
  webhook: 2,
  webhookGroup: 2,
  upstream: 1,
};

/** More events than this of one type read as a stream (authorizations), not as steps of the application: one line. */
export const WEBHOOK_GROUP_AFTER = 10;

/** The event types to show as one line each, from the per-type counts. */
export const groupedWebhookTypes = (counts: Array<{ eventType: string; count: number }>) =>
  counts.filter((c) => c.count > WEBHOOK_GROUP_AFTER).map((c) => c.eventType);

export function mergeTimeline(s: TimelineSources): TimelineEntry[] {
  // Each entry with its row's order within its source, the last tie-break.
  const entries: Array<{ entry: TimelineEntry; seq: number }> = [
    ...s.events.map((e): { entry: TimelineEntry; seq: number } =>
      e.fromState === e.toState
        ? { entry: { kind: "step", key: `e${e.id}`, at: e.createdAt, state: e.toState, reason: e.reason }, seq: e.id }
        : {
            entry: { kind: "transition", key: `e${e.id}`, at: e.createdAt, from: e.fromState, to: e.toState, reason: e.reason },
            seq: e.id,
          },
    ),
    ...s.webhooks.map((w, i): { entry: TimelineEntry; seq: number } => ({
      entry: {
        kind: "webhook",
        key: `w${w.eventId}`,
        at: w.eventAt,
        eventId: w.eventId,
        eventType: w.eventType,
        state: w.state,
        attempts: w.attempts,
        error: w.lastError,
      },
      seq: -i,
    })),
    ...(s.webhookGroups ?? []).flatMap((g, i): Array<{ entry: TimelineEntry; seq: number }> =>
      g.latestAt
        ? [
            {
              entry: {
                kind: "webhookGroup",
                key: `g${g.eventType}`,
                at: g.latestAt,
                eventType: g.eventType,
                count: g.count,
                notApplied: g.notApplied,
              },
              seq: -i,
            },
          ]
        : [],
    ),
    ...s.upstream.map((u): { entry: TimelineEntry; seq: number } => ({
      entry: {
        kind: "upstream",
        key: `u${u.id}`,
        at: u.createdAt,
        method: u.method,
        path: u.path,
        requestId: u.requestId,
        attempt: u.attempt,
        httpStatus: u.httpStatus,
        durationMs: u.durationMs,
        errorCode: u.errorCode,
      },
      seq: u.id,
    })),
    ...s.audit
      .filter((a) => !SHOWN_ELSEWHERE.has(a.action))
      .map((a): { entry: TimelineEntry; seq: number } => ({
        entry: { kind: "staff", key: `a${a.id}`, at: a.at, action: a.action, staffEmail: a.staffEmail, target: a.target },
        seq: a.id,
      })),
    ...s.notes.map((n): { entry: TimelineEntry; seq: number } => ({
      entry: { kind: "note", key: `n${n.id}`, at: n.createdAt, author: n.staffName, body: n.body },
      seq: n.id,
    })),
    ...(s.mail ?? []).map((m, i): { entry: TimelineEntry; seq: number } => ({
      entry: {
        kind: "mail",
        key: `m${m.id}`,
        at: m.createdAt,
        subject: m.subject,
        recipient: m.recipientMasked,
        state: m.state,
        failure: m.failure,
        sentAt: m.sentAt,
      },
      seq: i,
    })),
  ];
  entries.sort((a, b) => b.entry.at.getTime() - a.entry.at.getTime() || RANK[b.entry.kind] - RANK[a.entry.kind] || b.seq - a.seq);
  return entries.map((e) => e.entry);
}

/** The timeline's filters (a URL parameter, so a filtered view can be shared): one per kind of source. */
export const TIMELINE_FILTERS = ["all", "states", "events", "calls", "staff", "notes", "emails"] as const;
export type TimelineFilter = (typeof TIMELINE_FILTERS)[number];

const FILTER_OF: Record<TimelineEntry["kind"], Exclude<TimelineFilter, "all">> = {
  transition: "states",
  step: "states",
  webhook: "events",
  webhookGroup: "events",
  upstream: "calls",
  staff: "staff",
  note: "notes",
  mail: "emails",
};

export const timelineFilterOf = (raw: unknown): TimelineFilter => TIMELINE_FILTERS.find((f) => f === raw) ?? "all";

export const filterTimeline = (entries: TimelineEntry[], filter: TimelineFilter) =>
  filter === "all" ? entries : entries.filter((e) => FILTER_OF[e.kind] === filter);

/** How many entries each filter shows. */
export function countTimeline(entries: TimelineEntry[]): Record<TimelineFilter, number> {
  const counts = Object.fromEntries(TIMELINE_FILTERS.map((f) => [f, 0])) as Record<TimelineFilter, number>;
  for (const e of entries) counts[FILTER_OF[e.kind]] += 1;
  counts.all = entries.length;
  return counts;
}

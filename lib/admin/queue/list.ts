import "server-only";
import { z } from "zod";
import { dayParam } from "@/lib/admin/day-filter";
import { emailIndexOf, nameQueryOf } from "@/lib/crypto/blind-index";
import { readingKeyring } from "@/lib/crypto/data-keys";
import type { Keyring } from "@/lib/crypto/secret-box";
import { APPLICATION_STATES, type Application, type ApplicationState } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { decodeCursor, encodeCursor } from "@/lib/db/keyset";
import { countQueueByState } from "@/lib/db/queue-counts";
import { listQueue, overdueBefore, type QueueFilter, type QueueSearch, type QueueSort } from "@/lib/db/work-queue";
import { readDraft } from "@/lib/applications/draft-store";
import { idPrefixOfReference } from "@/lib/applications/reference";
import { isApplicationId } from "@/lib/applications/application-id";
import { dayEnd, dayStart } from "@/lib/admin/keyset";

// The work queue: every filter lives in the URL (a view can be bookmarked and shared), search by name, email,
// application id, short reference or cardholder id, keyset pages. Names and emails are opened for the rows shown only.

export const PAGE_SIZE = 50;
export const QUEUE_SORTS = ["created_desc", "created_asc", "updated_desc", "since_asc", "since_desc"] as const;

/** The URL's filters; anything malformed is ignored rather than refused (a hand-edited link still opens). */
export const queueParamsSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  state: z.enum(APPLICATION_STATES).optional().catch(undefined),
  product: z.string().max(100).optional().catch(undefined),
  from: dayParam,
  to: dayParam,
  attention: z.literal("1").optional().catch(undefined),
  mine: z.literal("1").optional().catch(undefined),
  overdue: z.literal("1").optional().catch(undefined),
  /** A staff member's id, or "none": the applications nobody holds. */
  assignee: z
    .union([z.literal("none"), z.uuid()])
    .optional()
    .catch(undefined),
  sort: z.enum(QUEUE_SORTS).default("created_desc").catch("created_desc"),
  after: z.string().max(200).optional().catch(undefined),
  /** Paging back: the page just before this row (`after` wins when both are given). */
  before: z.string().max(200).optional().catch(undefined),
});
export type QueueParams = z.infer<typeof queueParamsSchema>;

/** What a search box text means: an application id, a cardholder id, an email, or words of a name. */
export function searchOf(q: string | undefined, keys: Keyring): QueueSearch | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (isApplicationId(text)) return { kind: "id", value: text };
  if (/^ch_\w+$/.test(text)) return { kind: "cardholder", value: text };
  if (text.includes("@")) return { kind: "email", entry: emailIndexOf(keys, text) };
  const reference = idPrefixOfReference(text);
  if (reference) return { kind: "reference", ...reference, entries: nameQueryOf(keys, text) };
  return { kind: "name", entries: nameQueryOf(keys, text) };
}

/** The URL's filters for one staff member; its days are read in their zone. */
export function filterOf(
  p: QueueParams,
  keys: Keyring,
  staffId: string,
  now: Date,
  attentionHours: number,
  timeZone?: string,
): QueueFilter {
  return {
    states: p.state ? [p.state] : undefined,
    productId: p.product,
    from: dayStart(p.from, timeZone),
    to: dayEnd(p.to, timeZone),
    attention: p.attention === "1",
    overdueBefore: p.overdue === "1" ? overdueBefore(now, attentionHours) : undefined,
    assignedTo: p.mine === "1" ? staffId : p.assignee === "none" ? null : p.assignee,
    search: searchOf(p.q, keys),
    now,
  };
}

export type QueueRow = {
  id: string;
  productId: string;
  state: ApplicationState;
  name: string;
  email: string;
  cardholderId: string | null;
  createdAt: string;
  updatedAt: string;
  assignee: string | null;
  /** When it entered its state (time in state), and whether it waits in the pile past ADMIN_ATTENTION_HOURS. */
  stateSince: string;
  overdue: boolean;
};

/** The person's name and email from the sealed answers (an answer that no configured key opens shows nothing). */
export function contactOf(app: Pick<Application, "draftCiphertext">, keys: Keyring): { name: string; email: string } {
  try {
    const d = readDraft(app, keys);
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    return { name: [text(d.first_name), text(d.last_name)].filter(Boolean).join(" "), email: text(d.email) };
  } catch {
    return { name: "", email: "" };
  }
}

export function rowOf(app: Application, keys: Keyring, assignee: string | null, overdue = false): QueueRow {
  return {
    id: app.id,
    productId: app.productId,
    state: app.state,
    ...contactOf(app, keys),
    cardholderId: app.cardholderId,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
    assignee,
    stateSince: app.stateSince.toISOString(),
    overdue,
  };
}

export async function queuePage(
  db: Database,
  keys: Keyring,
  p: QueueParams,
  staffId: string,
  now: Date,
  attentionHours: number,
  timeZone?: string,
) {
  const filter = filterOf(p, keys, staffId, now, attentionHours, timeZone);
  const late = overdueBefore(now, attentionHours);
  const sort: QueueSort = p.sort;
  const [page, counts] = await Promise.all([pageOf(db, filter, sort, p), countQueueByState(db, filter)]);
  const ring = await readingKeyring(
    keys,
    db,
    page.rows.map((r) => r.app.draftCiphertext),
  );
  return {
    rows: page.rows.map((r) => rowOf(r.app, ring, r.assigneeName || r.assigneeEmail || null, r.attention && r.app.stateSince < late)),
    next: page.next,
    previous: page.previous,
    counts: counts.counts,
    /** The states whose count stopped short ("10,000+", lib/db/queue-counts.ts). */
    atLeast: counts.atLeast,
    /** A search past the cap: only its total (the cap, "10,000+") is known, no state is counted. */
    uncounted: counts.byState === false ? (counts.total ?? 0) : undefined,
    attentionHours,
  };
}

type Found = Awaited<ReturnType<typeof listQueue>>["rows"][number];
const cursorOf = (row: Found | undefined) => (row ? encodeCursor({ at: row.sortAt, id: row.app.id }) : undefined);

/**
 * The page the URL asks for, with the cursors of the pages before and after it (none on the first page, none past
 * the last). Paging back to the start shows the first page itself, full, as its own link would.
 */
async function pageOf(db: Database, filter: QueueFilter, sort: QueueSort, p: QueueParams) {
  const after = decodeCursor(p.after);
  const before = after ? undefined : decodeCursor(p.before);
  if (before) {
    const back = await listQueue(db, filter, sort, before, PAGE_SIZE, true);
    if (back.more) return { rows: back.rows, previous: cursorOf(back.rows[0]), next: cursorOf(back.rows.at(-1)) };
  }
  const page = await listQueue(db, filter, sort, after, PAGE_SIZE);
  return {
    rows: page.rows,
    previous: after ? cursorOf(page.rows[0]) : undefined,
    next: page.more ? cursorOf(page.rows.at(-1)) : undefined,
  };
}

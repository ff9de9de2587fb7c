import "server-only";
import { z } from "zod";
import { dayParam } from "@/lib/admin/day-filter";
import { recordStaffAction } from "@/lib/audit/record";
import { dayEnd, dayStart } from "@/lib/admin/keyset";
import { decodeCursor, encodeCursor } from "@/lib/db/keyset";
import { can } from "@/lib/auth/roles";
import type { Staff } from "@/lib/auth/current-staff";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { readingKeyring } from "@/lib/crypto/data-keys";
import { keyDestroyed, openLegacy } from "@/lib/crypto/secret-box";
import { getDb } from "@/lib/db";
import { searchApplications } from "@/lib/db/staff-search";
import { WEBHOOK_STATES } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { findInboxEvent } from "@/lib/db/webhook-inbox";
import {
  inboxEventTypes,
  listInbox,
  listSignatureFailures,
  requeueInboxEvent,
  type InboxFilter,
  type InboxSummary,
} from "@/lib/db/webhook-inspector";
import { PortalError } from "@/lib/errors";
import { wakeWebhookProcessor } from "@/lib/webhooks/worker";

// The webhook inspector: every stored event with its processing state, filters in the URL, keyset pages; one
// event's body and headers; signature failures per hour; reprocessing a poisoned or parked event.

export { WEBHOOK_STATES };
export type { InboxSummary };

export const WEBHOOK_PAGE_SIZE = 50;
/** The failure table covers the last two days, hour by hour. */
export const FAILURE_WINDOW_HOURS = 48;

export const webhookParamsSchema = z.object({
  type: z.string().trim().max(100).optional().catch(undefined),
  state: z.enum(WEBHOOK_STATES).optional().catch(undefined),
  cardholder: z.string().trim().max(100).optional().catch(undefined),
  from: dayParam,
  to: dayParam,
  after: z.string().max(300).optional().catch(undefined),
});
export type WebhookParams = z.infer<typeof webhookParamsSchema>;

/** The URL's filters; its days are read in the staff member's zone. */
export const webhookFilterOf = (p: WebhookParams, timeZone?: string): InboxFilter => ({
  type: p.type || undefined,
  state: p.state,
  cardholderId: p.cardholder || undefined,
  from: dayStart(p.from, timeZone),
  to: dayEnd(p.to, timeZone),
});

/** One page of events under the URL's filters (the body is never read here). */
export async function webhookPage(db: Database, p: WebhookParams, timeZone?: string) {
  const page = await listInbox(db, webhookFilterOf(p, timeZone), decodeCursor(p.after), WEBHOOK_PAGE_SIZE);
  const last = page.rows.at(-1);
  return { rows: page.rows, next: page.more && last ? encodeCursor({ at: last.receivedAt, id: last.eventId }) : undefined };
}

export async function webhookOverview(p: WebhookParams, timeZone?: string, now = new Date()) {
  const db = await getDb();
  const since = new Date(now.getTime() - FAILURE_WINDOW_HOURS * 3_600_000);
  const [page, types, failures] = await Promise.all([webhookPage(db, p, timeZone), inboxEventTypes(db), listSignatureFailures(db, since)]);
  return { ...page, types, failures };
}

export type BodyView = { kind: "hidden" } | { kind: "removed" } | { kind: "unreadable" } | { kind: "json"; text: string };

/**
 * The stored body for a role allowed to see it: formatted JSON, "removed" when retention or an erasure emptied it
 * (or destroyed the cardholder's data key), "unreadable" when no configured key opens it. Bodies hold names and
 * addresses: viewers get "hidden".
 */
export function bodyView(sealed: string, allowed: boolean, open: (s: string) => string, erased = false): BodyView {
  if (!allowed) return { kind: "hidden" };
  if (sealed === "" || erased) return { kind: "removed" };
  let raw: string;
  try {
    raw = open(sealed);
  } catch {
    return { kind: "unreadable" };
  }
  try {
    return { kind: "json", text: JSON.stringify(JSON.parse(raw), null, 2) };
  } catch {
    return { kind: "json", text: raw };
  }
}

/**
 * One event with its headers, and its body when the role may see it. A body shown is audited (it holds names and
 * addresses, like a revealed value): who read which event, from where.
 */
export async function webhookEvent(staff: Pick<Staff, "id" | "email" | "ip" | "role">, eventId: string, db?: Database) {
  const database = db ?? (await getDb());
  const row = await findInboxEvent(database, eventId);
  if (!row) return undefined;
  const { body, ...meta } = row;
  const showBody = can(staff.role, "work");
  // The body is sealed with its cardholder's (or card's) data key: gone once that person was erased.
  const ring = showBody ? await readingKeyring(getKeyring(), database, [body]) : getKeyring();
  const view = bodyView(body, showBody, (s) => openLegacy(s, ring), keyDestroyed(body, ring));
  if (view.kind === "json")
    await recordStaffAction(database, staff, "webhook.body_viewed", {
      target: eventId,
      detail: { type: row.eventType, ...(row.cardholderId ? { cardholder_id: row.cardholderId } : {}) },
    });
  // The application the event is about (the cardholder's), linked from the event's page.
  const [app] = row.cardholderId ? await searchApplications(database, { by: "cardholder", id: row.cardholderId }, 1) : [];
  return { ...meta, body: view, applicationId: app?.id ?? null };
}

/** Staff put a poisoned or parked event back to pending and wake the processor; audited with its previous state. */
export async function reprocessWebhook(staff: Staff, eventId: string, db?: Database, wake = wakeWebhookProcessor): Promise<void> {
  const database = db ?? (await getDb());
  const row = await findInboxEvent(database, eventId);
  if (!row) throw new PortalError("NOT_FOUND", "No such event.");
  if (row.state !== "poisoned" && row.state !== "parked")
    throw new PortalError("INVALID_STATE", "Only a poisoned or parked event can be reprocessed.");
  if (row.body === "") throw new PortalError("INVALID_STATE", "This event's body was removed by retention: there is nothing to apply.");
  if (!(await requeueInboxEvent(database, eventId, row.state, new Date())))
    throw new PortalError("INVALID_STATE", "The event changed meanwhile; reload the page.");
  await recordStaffAction(database, staff, "webhook.reprocessed", {
    target: eventId,
    detail: { from: row.state, type: row.eventType, attempts: row.attempts },
  });
  wake();
}

import "server-only";
import { z } from "zod";
import { MAX_NOTE_CHARS } from "@/lib/admin/case/reveal-note-claim";
import { DEFAULT_STAFF_ZONE, zoneDayStart } from "@/lib/admin/clock";
import { findCase } from "@/lib/admin/case/load";
import { processDeps, type AppDeps } from "@/lib/applications/deps";
import { refuseErased } from "@/lib/applications/erased";
import { sealingKeys } from "@/lib/applications/keys";
import { recordStaffAction } from "@/lib/audit/record";
import type { Staff } from "@/lib/auth/current-staff";
import { seal } from "@/lib/crypto/secret-box";
import { insertApplicationNote, assignApplication, findAssignee } from "@/lib/db/application-case";
import { lockApplication } from "@/lib/db/applications";
import { findAttentionStatus, listAssignableStaff, setAttentionAside } from "@/lib/db/attention";
import { ATTENTION_REASONS } from "@/lib/db/schema";
import { PortalError } from "@/lib/errors";

// Taking an application off the "needs attention" pile (resolved with a reason, or snoozed until a day) and giving
// it to a named colleague. Both audited; a resolution's note is an ordinary sealed note, so the timeline shows it.

export { ATTENTION_REASONS };

/** A snooze lasts at most this many days: longer is a resolution, which a new event undoes anyway. */
export const MAX_SNOOZE_DAYS = 90;

export const resolveBody = z
  .object({
    reason: z.enum(ATTENTION_REASONS),
    note: z.string().trim().max(MAX_NOTE_CHARS).optional(),
    /** A day (YYYY-MM-DD): the item comes back at its start in the staff member's zone. */
    snoozeUntil: z.iso.date().optional(),
  })
  .strict();
export type ResolveInput = z.infer<typeof resolveBody>;

/** The start of the snooze's day in the staff member's zone, refused unless it is after now and within MAX_SNOOZE_DAYS. */
export function snoozeEndOf(day: string | undefined, now: Date, timeZone = DEFAULT_STAFF_ZONE): Date | null {
  if (!day) return null;
  const end = /^\d{4}-\d{2}-\d{2}$/.test(day) ? zoneDayStart(day, timeZone) : new Date(Number.NaN);
  if (Number.isNaN(end.getTime()) || end <= now || end.getTime() - now.getTime() > MAX_SNOOZE_DAYS * 86_400_000) {
    throw new PortalError("VALIDATION_ERROR", "Choose a day after today, at most 90 days ahead.", {
      snoozeUntil: "Choose a day after today, at most 90 days ahead.",
    });
  }
  return end;
}

/** Sets the item aside until something new happens (or its snooze ends); refused when it needs nobody now. */
export async function resolveAttention(staff: Staff, id: string, input: ResolveInput, deps?: AppDeps) {
  const d = deps ?? (await processDeps());
  const now = d.now();
  const snoozedUntil = snoozeEndOf(input.snoozeUntil, now, staff.timeZone ?? DEFAULT_STAFF_ZONE);
  const app = await findCase(d, id);
  if (!app) throw new PortalError("NOT_FOUND", "No application was found.");
  refuseErased(app);
  const ring = input.note ? await sealingKeys(d, app.id) : undefined;
  const noteId = await d.db.transaction(async (tx) => {
    refuseErased(await lockApplication(tx, app.id));
    if (!(await findAttentionStatus(tx, app.id, now))?.needed) {
      throw new PortalError("INVALID_STATE", "This application does not need attention now.");
    }
    await setAttentionAside(tx, app.id, { reason: input.reason, snoozedUntil, now });
    if (!input.note || !ring) return null;
    const note = await insertApplicationNote(tx, {
      applicationId: app.id,
      staffId: staff.id,
      staffName: staff.name || staff.email,
      bodySealed: seal(input.note, ring),
      createdAt: now,
    });
    return note?.id ?? null;
  });
  const detail = { reason: input.reason, snoozed_until: snoozedUntil?.toISOString() ?? null, note_id: noteId };
  // The target is the reason, which the timeline names in the reader's language.
  await recordStaffAction(d.db, staff, "application.attention_resolved", { applicationId: app.id, target: input.reason, detail }, now);
  return { reason: input.reason, snoozedUntil: snoozedUntil?.toISOString() ?? null };
}

/** Gives the application to a colleague who may work on it, whoever held it (the page showed who did). */
export async function assignCase(staff: Staff, id: string, assigneeId: string, deps?: AppDeps) {
  const d = deps ?? (await processDeps());
  const app = await findCase(d, id);
  if (!app) throw new PortalError("NOT_FOUND", "No application was found.");
  refuseErased(app);
  const assignee = (await listAssignableStaff(d.db)).find((s) => s.id === assigneeId);
  if (!assignee) {
    throw new PortalError("VALIDATION_ERROR", "Choose an active colleague who may work on applications.", {
      assigneeId: "Choose an active colleague who may work on applications.",
    });
  }
  const holder = await findAssignee(d.db, app.id);
  if (holder?.id === assignee.id) return { assignedTo: assignee.id };
  if (!(await assignApplication(d.db, app.id, assignee.id, holder?.id ?? null, d.now()))) {
    throw new PortalError("INVALID_STATE", "Someone else changed who holds this application a moment ago. Reload the page.");
  }
  const detail = { to: assignee.email, ...(holder ? { from: holder.email } : {}) };
  await recordStaffAction(d.db, staff, "application.assigned", { applicationId: app.id, target: assignee.email, detail }, d.now());
  return { assignedTo: assignee.id };
}

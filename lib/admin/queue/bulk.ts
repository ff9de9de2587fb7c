import "server-only";
import { z } from "zod";
import { assignCase, resolveAttention, resolveBody, snoozeEndOf } from "@/lib/admin/case/attention";
import { processDeps, type AppDeps } from "@/lib/applications/deps";
import { APPLICATION_ID } from "@/lib/applications/application-id";
import type { Staff } from "@/lib/auth/current-staff";
import { listAssignableStaff } from "@/lib/db/attention";
import { isPortalError, PortalError } from "@/lib/errors";

// Bulk work on the queue's selected rows: assign them to a colleague, or take them off the needs-attention pile.
// Each row goes through the one-row action (its checks, its audit record), so the answer says per row what happened.

/** At most this many rows at once: two pages of the queue. */
export const MAX_BULK = 100;

const ids = z.array(z.string().regex(APPLICATION_ID)).min(1).max(MAX_BULK);

export const bulkBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("assign"), ids, assigneeId: z.uuid() }).strict(),
  resolveBody.extend({ action: z.literal("resolve"), ids }).strict(),
]);
export type BulkInput = z.infer<typeof bulkBody>;

export type BulkResult = { id: string; outcome: "done" } | { id: string; outcome: "refused"; code: string; message: string };

/**
 * Applies the action to each row in turn. What is wrong for every row (the colleague, the snooze's day) refuses the
 * whole request before any row changes; what is wrong for one row (gone, erased, needing nobody) refuses that row.
 */
export async function bulkAct(staff: Staff, input: BulkInput, deps?: AppDeps) {
  const d = deps ?? (await processDeps());
  if (input.action === "resolve") snoozeEndOf(input.snoozeUntil, d.now(), staff.timeZone ?? undefined);
  if (input.action === "assign" && !(await listAssignableStaff(d.db)).some((s) => s.id === input.assigneeId)) {
    throw new PortalError("VALIDATION_ERROR", "Choose an active colleague who may work on applications.", {
      assigneeId: "Choose an active colleague who may work on applications.",
    });
  }
  const results: BulkResult[] = [];
  for (const id of new Set(input.ids)) {
    try {
      if (input.action === "assign") await assignCase(staff, id, input.assigneeId, d);
      else await resolveAttention(staff, id, { reason: input.reason, note: input.note, snoozeUntil: input.snoozeUntil }, d);
      results.push({ id, outcome: "done" });
    } catch (error) {
      // Anything but a refusal of this row (the database gone) ends the request: the rows done so far stay done.
      if (!isPortalError(error)) throw error;
      results.push({ id, outcome: "refused", code: error.code, message: error.message });
    }
  }
  return {
    results,
    done: results.filter((r) => r.outcome === "done").length,
    refused: results.filter((r) => r.outcome === "refused").length,
  };
}

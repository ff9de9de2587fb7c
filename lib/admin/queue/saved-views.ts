import "server-only";
import { z } from "zod";
import { queueParamsSchema } from "@/lib/admin/queue/list";
import { queryOf, queueHrefOf } from "@/lib/admin/queue/query";
import type { Staff } from "@/lib/auth/current-staff";
import { getDb } from "@/lib/db";
import { deleteSavedView, insertSavedView, listSavedViews } from "@/lib/db/saved-views";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";

// Saved views: a staff member names the queue's current filters and finds them above the queue again. Personal
// preferences, like a bookmark, so not audited; each person sees and deletes only their own.

export const MAX_SAVED_VIEWS = 20;
export const MAX_VIEW_NAME = 60;

export const saveViewBody = z
  .object({
    name: z.string().trim().min(1, "admin.queue.views.nameMissing").max(MAX_VIEW_NAME, "admin.queue.views.nameTooLong"),
    /** The queue's query string as the page shows it; only the queue's own parameters are kept, paging dropped. */
    query: z.string().max(2_000),
  })
  .strict();
export type SaveViewInput = z.infer<typeof saveViewBody>;

/** A view's query: the queue's own filters and order, through its schema, without the page it was on. */
export function viewQueryOf(raw: string): string {
  const parsed = queueParamsSchema.parse(Object.fromEntries(new URLSearchParams(raw)));
  return queryOf({ ...parsed, after: undefined, before: undefined });
}

export type SavedViewLink = { id: string; name: string; href: string; query: string };

export async function savedViewsOf(staffId: string, db?: Database): Promise<SavedViewLink[]> {
  const rows = await listSavedViews(db ?? (await getDb()), staffId);
  return rows.map((v) => ({ id: v.id, name: v.name, href: queueHrefOf(v.query), query: v.query }));
}

export async function saveView(staff: Pick<Staff, "id">, input: SaveViewInput, db?: Database, now = new Date()) {
  const query = viewQueryOf(input.query);
  if (!query) {
    throw new PortalError("VALIDATION_ERROR", "Choose a filter or an order first: this view shows every application.", {
      name: "admin.queue.views.nothingToSave",
    });
  }
  const outcome = await insertSavedView(
    db ?? (await getDb()),
    { staffId: staff.id, name: input.name, query, createdAt: now },
    MAX_SAVED_VIEWS,
  );
  if ("refused" in outcome) {
    const key = outcome.refused === "full" ? "admin.queue.views.full" : "admin.queue.views.taken";
    throw new PortalError(
      "VALIDATION_ERROR",
      outcome.refused === "full" ? "You have 20 saved views: delete one first." : "You have a view with this name already.",
      {
        name: key,
      },
    );
  }
  return { view: { id: outcome.saved.id, name: outcome.saved.name, href: queueHrefOf(query) } };
}

export async function removeView(staff: Pick<Staff, "id">, id: string, db?: Database) {
  if (!(await deleteSavedView(db ?? (await getDb()), staff.id, id))) throw new PortalError("NOT_FOUND", "No such saved view.");
  return { deleted: id };
}

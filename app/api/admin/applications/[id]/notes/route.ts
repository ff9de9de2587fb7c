import { z } from "zod";
import { addNote, MAX_NOTE_CHARS } from "@/lib/admin/case/reveal-note-claim";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

const body = z
  .object({ body: z.string().trim().min(1, "admin.case.notes.empty").max(MAX_NOTE_CHARS, "admin.case.notes.tooLong") })
  .strict();

// POST /api/admin/applications/[id]/notes - an internal note, sealed at rest, on the timeline (agents and admins; audited).
export const POST = staffRoute("work", { params: applicationParams, body }, async ({ params, body, staff }) =>
  addNote(staff, params.id, body.body),
);

import { addNote } from "@/lib/admin/case/reveal-note-claim";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { noteBody, staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/notes - an internal note, sealed at rest, on the timeline (agents and admins; audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: noteBody, answer: staffAnswers.note },
  async ({ params, body, staff }) => addNote(staff, params.id, body.body),
);

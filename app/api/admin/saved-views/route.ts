import { saveView, saveViewBody } from "@/lib/admin/queue/saved-views";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/saved-views - saves the queue's current filters under a name, for this staff member only (every role).
export const POST = staffRoute("read", { body: saveViewBody, answer: staffAnswers.savedView }, async ({ body, staff }) =>
  saveView(staff, body),
);

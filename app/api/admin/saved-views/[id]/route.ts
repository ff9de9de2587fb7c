import { removeView } from "@/lib/admin/queue/saved-views";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers, staffIdParams } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// DELETE /api/admin/saved-views/[id] - deletes one of this staff member's own saved views; another's is 404.
export const DELETE = staffRoute("read", { params: staffIdParams, answer: staffAnswers.viewDeleted }, async ({ params, staff }) =>
  removeView(staff, params.id),
);

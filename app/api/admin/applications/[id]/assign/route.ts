import { assignCase } from "@/lib/admin/case/attention";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { assignBody, staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/assign - give the application to a named colleague who may work on it (audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: assignBody, answer: staffAnswers.assigned },
  async ({ params, body, staff }) => assignCase(staff, params.id, body.assigneeId),
);

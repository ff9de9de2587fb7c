import { applicationParams } from "@/lib/applications/application-id";
import { markFailed } from "@/lib/admin/case/actions/lifecycle";
import { failReasonSchema } from "@/lib/admin/case/actions/rules";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers } from "@/lib/api/schemas/staff";
import { processDeps } from "@/lib/applications/deps";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/fail - ends the application with the staff member's reason (audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: failReasonSchema, answer: staffAnswers.state },
  async ({ params, body, staff }) => markFailed(await processDeps(), staff, params.id, body.reason),
);

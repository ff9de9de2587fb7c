import { claimCase } from "@/lib/admin/case/reveal-note-claim";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { claimBody, staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/claim - take the application; from another agent only with takeOver (audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: claimBody, answer: staffAnswers.assigned },
  async ({ params, body, staff }) => claimCase(staff, params.id, body.takeOver),
);

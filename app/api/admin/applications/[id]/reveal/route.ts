import { revealValue } from "@/lib/admin/case/reveal-note-claim";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { revealBody, staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/reveal - one identity value in full, for agents and admins; each reveal audited.
export const POST = staffRoute(
  "reveal",
  { params: applicationParams, body: revealBody, answer: staffAnswers.revealed },
  async ({ params, body, staff }) => revealValue(staff, params.id, body.path),
);

import { releaseCase } from "@/lib/admin/case/reveal-note-claim";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { emptyBody } from "@/lib/api/schemas/common";
import { staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/release - give the application back to the queue (its holder only; audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: emptyBody, answer: staffAnswers.released },
  async ({ params, staff }) => releaseCase(staff, params.id),
);

import { applicationParams } from "@/lib/applications/application-id";
import { reopenDraft } from "@/lib/admin/case/actions/lifecycle";
import { staffRoute } from "@/lib/api/staff-route";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { staffAnswers } from "@/lib/api/schemas/staff";
import { processDeps } from "@/lib/applications/deps";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/reopen - gives a failed application that never reached the issuer back as a draft (audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: anyObjectBody, answer: staffAnswers.state },
  async ({ params, staff }) => reopenDraft(await processDeps(), staff, params.id),
);

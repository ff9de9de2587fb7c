import { applicationParams } from "@/lib/applications/application-id";
import { sendLinkToApplicant } from "@/lib/admin/case/actions/send-link";
import { staffRoute } from "@/lib/api/staff-route";
import { sendLinkBody, staffAnswers } from "@/lib/api/schemas/staff";
import { processDeps } from "@/lib/applications/deps";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/send-link - emails the current resume or identity-check link to the applicant's own address (audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: sendLinkBody, answer: staffAnswers.linkSent },
  async ({ params, staff, body }) => sendLinkToApplicant(await processDeps(), staff, params.id, body.linkKind),
);

import { applicationParams } from "@/lib/applications/application-id";
import { issueResumeLink } from "@/lib/admin/case/actions/links";
import { staffRoute } from "@/lib/api/staff-route";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { staffAnswers } from "@/lib/api/schemas/staff";
import { processDeps } from "@/lib/applications/deps";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/resume-link - a fresh single-use resume link; every older one stops working (audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: anyObjectBody, answer: staffAnswers.link },
  async ({ params, staff }) => ({
    link: await issueResumeLink(await processDeps(), staff, params.id),
  }),
);

import { apiRoute } from "@/lib/api/route";
import { sentToAnswer } from "@/lib/api/schemas/applicant";
import { emptyBody } from "@/lib/api/schemas/common";
import { applicationFor } from "@/app/_lib/application-request";
import { resumeUrlOf } from "@/lib/applications/access";
import { processDeps } from "@/lib/applications/deps";
import { applicationParams } from "@/lib/applications/application-id";
import { emailResumeLink } from "@/lib/applications/mail";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /api/applications/[id]/resume-email - emails the holder's resume link to the application's own address (never
// one given here); limited per client, per application and per recipient.
export const POST = apiRoute(
  { params: applicationParams, body: emptyBody, answer: sentToAnswer, rateLimit: LIMITS.resumeEmail },
  async ({ request, params }) => {
    const deps = await processDeps();
    const app = await applicationFor(deps, request, params.id);
    return emailResumeLink(deps, app, await resumeUrlOf(deps, app));
  },
);

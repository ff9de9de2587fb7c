import { apiRoute } from "@/lib/api/route";
import { sentAnswer } from "@/lib/api/schemas/applicant";
import { emptyBody } from "@/lib/api/schemas/common";
import { accessCookieName } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { applicationParams } from "@/lib/applications/application-id";
import { sendMovedLink } from "@/lib/applications/moved-link";
import { readCookie } from "@/lib/http/cookies";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /api/applications/[id]/new-link - "Send me a new link" for the browser a resume link replaced: emails the
// current resume link to the application's own address; anyone else gets 404 as for an unknown application.
export const POST = apiRoute(
  { params: applicationParams, body: emptyBody, answer: sentAnswer, rateLimit: LIMITS.resumeEmail },
  async ({ request, params }) => {
    const deps = await processDeps();
    return sendMovedLink(deps, params.id, readCookie(request, accessCookieName(params.id)));
  },
);

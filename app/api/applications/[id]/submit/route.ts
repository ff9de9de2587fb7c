import { apiRoute } from "@/lib/api/route";
import { applicationAnswer } from "@/lib/api/schemas/applicant";
import { emptyBody } from "@/lib/api/schemas/common";
import { limitedApplicationFor } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { applicationParams } from "@/lib/applications/application-id";
import { submitApplication } from "@/lib/applications/submit";
import { applicationView } from "@/lib/applications/view";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /api/applications/[id]/submit - creates the cardholder at the issuer (once, whatever the retries); limited per
// client and per application.
export const POST = apiRoute(
  { params: applicationParams, body: emptyBody, answer: applicationAnswer, rateLimit: LIMITS.submit },
  async ({ request, params }) => {
    const deps = await processDeps();
    const app = await submitApplication(deps, await limitedApplicationFor(deps, request, params.id, LIMITS.submitPerApplication));
    return { application: await applicationView(deps, app) };
  },
);

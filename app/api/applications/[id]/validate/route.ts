import { apiRoute } from "@/lib/api/route";
import { validateAnswer } from "@/lib/api/schemas/applicant";
import { emptyBody } from "@/lib/api/schemas/common";
import { limitedApplicationFor } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { applicationParams } from "@/lib/applications/application-id";
import { prevalidate } from "@/lib/applications/prevalidate";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /api/applications/[id]/validate - the whole draft checked locally and by the issuer (before any KYC); limited
// per client and per application, and unchanged answers get the issuer's stored verdict.
export const POST = apiRoute(
  { params: applicationParams, body: emptyBody, answer: validateAnswer, rateLimit: LIMITS.validate },
  async ({ request, params }) => {
    const deps = await processDeps();
    const { valid, fields } = await prevalidate(deps, await limitedApplicationFor(deps, request, params.id, LIMITS.validatePerApplication));
    return { valid, fields };
  },
);

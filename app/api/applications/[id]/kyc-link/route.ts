import { apiRoute } from "@/lib/api/route";
import { applicationAnswer, kycLinkBody } from "@/lib/api/schemas/applicant";
import { limitedApplicationFor } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { ensureKycLink } from "@/lib/applications/kyc";
import { applicationParams } from "@/lib/applications/application-id";
import { applicationView } from "@/lib/applications/view";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /api/applications/[id]/kyc-link - the identity check link; a new one when expired or `renew` is set (an issuer
// call each: limited per client and per application).
export const POST = apiRoute(
  { params: applicationParams, body: kycLinkBody, answer: applicationAnswer, rateLimit: LIMITS.kycLink },
  async ({ request, params, body }) => {
    const deps = await processDeps();
    const held = await limitedApplicationFor(deps, request, params.id, LIMITS.kycLinkPerApplication);
    const app = await ensureKycLink(deps, held, { renew: body.renew });
    return { application: await applicationView(deps, app) };
  },
);

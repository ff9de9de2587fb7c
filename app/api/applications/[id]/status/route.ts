import { apiRoute } from "@/lib/api/route";
import { applicationAnswer } from "@/lib/api/schemas/applicant";
import { applicationFor } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { applicationParams } from "@/lib/applications/application-id";
import { refreshStatus } from "@/lib/applications/cardholder-status";
import { applicationView } from "@/lib/applications/view";

export const dynamic = "force-dynamic";

// GET /api/applications/[id]/status - current stage, refreshed from the issuer when stale; issues the card once allowed.
export const GET = apiRoute({ params: applicationParams, answer: applicationAnswer }, async ({ request, params }) => {
  const deps = await processDeps();
  const app = await refreshStatus(deps, await applicationFor(deps, request, params.id));
  return { application: await applicationView(deps, app) };
});

import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { applicationFor, requestDeps } from "@/app/_lib/application-request";
import { applicationParams } from "@/app/api/applications/_lib/params";
import { submitApplication } from "@/lib/applications/submit";
import { applicationView } from "@/lib/applications/view";

export const dynamic = "force-dynamic";

// POST /api/applications/[id]/submit - creates the cardholder at the issuer (once, whatever the retries).
export const POST = apiRoute({ params: applicationParams, body: z.object({}).strict() }, async ({ request, params }) => {
  const deps = await requestDeps();
  const app = await submitApplication(deps, await applicationFor(deps, request, params.id));
  return { application: await applicationView(deps, app) };
});

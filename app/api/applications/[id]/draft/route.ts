import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { saveDraftStep } from "@/lib/applications/draft";
import { applicationFor, requestDeps } from "@/app/_lib/application-request";
import { applicationParams } from "@/app/api/applications/_lib/params";
import { applicationView } from "@/lib/applications/view";
import { STEP_IDS } from "@/lib/requirements/types";

export const dynamic = "force-dynamic";

const body = z.object({ step: z.enum(STEP_IDS), values: z.record(z.string(), z.unknown()) });

// PUT /api/applications/[id]/draft - saves one step's answers after validating them on the server.
export const PUT = apiRoute({ params: applicationParams, body }, async ({ request, params, body }) => {
  const deps = await requestDeps();
  const app = await saveDraftStep(deps, await applicationFor(deps, request, params.id), body.step, body.values);
  return { application: await applicationView(deps, app) };
});

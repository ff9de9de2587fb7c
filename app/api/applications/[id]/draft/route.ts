import { apiRoute } from "@/lib/api/route";
import { applicationAnswer, draftBody, revisionAnswer, stepQuery } from "@/lib/api/schemas/applicant";
import { PortalError } from "@/lib/errors";
import { draftRevisionOf, saveDraftStep } from "@/lib/applications/draft";
import { accessFor, answerView, applicationFor } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { applicationParams } from "@/lib/applications/application-id";

export const dynamic = "force-dynamic";

// PUT /api/applications/[id]/draft - saves one step's answers after validating them on the server.
export const PUT = apiRoute(
  { params: applicationParams, body: draftBody, answer: applicationAnswer },
  async ({ request, params, body }) => {
    const deps = await processDeps();
    const access = await accessFor(deps, request, params.id);
    const app = await saveDraftStep(deps, access.app, body.step, body.values, body.revision);
    return { application: await answerView(deps, request, access, app) };
  },
);

// GET /api/applications/[id]/draft?step=... - the revision of a step's saved answers (a page shown again by Back checks it).
export const GET = apiRoute({ params: applicationParams, answer: revisionAnswer }, async ({ request, params }) => {
  const deps = await processDeps();
  const app = await applicationFor(deps, request, params.id);
  const step = stepQuery.safeParse(new URL(request.url).searchParams.get("step"));
  if (!step.success) throw new PortalError("VALIDATION_ERROR", "Name a step of the form.", { step: "errors.field.unknown_step" });
  return { step: step.data, revision: await draftRevisionOf(deps, app, step.data) };
});

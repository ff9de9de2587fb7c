import { apiRoute } from "@/lib/api/route";
import { applicationAnswer } from "@/lib/api/schemas/applicant";
import { accessFor, answerView } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { applicationParams } from "@/lib/applications/application-id";

export const dynamic = "force-dynamic";

// GET /api/applications/[id] - the application with its saved answers, for its owner only.
export const GET = apiRoute({ params: applicationParams, answer: applicationAnswer }, async ({ request, params }) => {
  const deps = await processDeps();
  return { application: await answerView(deps, request, await accessFor(deps, request, params.id)) };
});

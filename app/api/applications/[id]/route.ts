import { apiRoute } from "@/lib/api/route";
import { accessFor, answerView, requestDeps } from "@/app/_lib/application-request";
import { applicationParams } from "@/lib/applications/application-id";

export const dynamic = "force-dynamic";

// GET /api/applications/[id] - the application with its saved answers, for its owner only.
export const GET = apiRoute({ params: applicationParams }, async ({ request, params }) => {
  const deps = await requestDeps();
  return { application: await answerView(deps, request, await accessFor(deps, request, params.id)) };
});

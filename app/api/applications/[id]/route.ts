import { apiRoute } from "@/lib/api/route";
import { applicationFor, requestDeps } from "@/app/_lib/application-request";
import { applicationParams } from "@/app/api/applications/_lib/params";
import { applicationView } from "@/lib/applications/view";

export const dynamic = "force-dynamic";

// GET /api/applications/[id] - the application with its saved answers, for its owner only.
export const GET = apiRoute({ params: applicationParams }, async ({ request, params }) => {
  const deps = await requestDeps();
  return { application: await applicationView(deps, await applicationFor(deps, request, params.id)) };
});

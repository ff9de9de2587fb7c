import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { applicationFor, requestDeps } from "@/app/_lib/application-request";
import { applicationParams } from "@/app/api/applications/_lib/params";
import { prevalidate } from "@/lib/applications/prevalidate";

export const dynamic = "force-dynamic";

// POST /api/applications/[id]/validate - the whole draft checked locally and by the issuer (before any KYC).
export const POST = apiRoute({ params: applicationParams, body: z.object({}).strict() }, async ({ request, params }) => {
  const deps = await requestDeps();
  const { valid, fields } = await prevalidate(deps, await applicationFor(deps, request, params.id));
  return { valid, fields };
});

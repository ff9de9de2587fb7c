import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { applicationFor, requestDeps } from "@/app/_lib/application-request";
import { ensureKycLink } from "@/lib/applications/kyc";
import { applicationParams } from "@/app/api/applications/_lib/params";
import { applicationView } from "@/lib/applications/view";

export const dynamic = "force-dynamic";

// POST /api/applications/[id]/kyc-link - the identity check link; a new one when expired or `renew` is set.
export const POST = apiRoute(
  { params: applicationParams, body: z.object({ renew: z.boolean().optional() }) },
  async ({ request, params, body }) => {
    const deps = await requestDeps();
    const app = await ensureKycLink(deps, await applicationFor(deps, request, params.id), { renew: body.renew });
    return { application: await applicationView(deps, app) };
  },
);

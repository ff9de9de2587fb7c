import { NextResponse } from "next/server";
import type { z } from "zod";
import { answerView, setAccessCookie } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { deviceKindOfRequest } from "@/lib/applications/device-kind";
import { apiRoute } from "@/lib/api/route";
import { type applicationAnswer, resumeBody } from "@/lib/api/schemas/applicant";
import { loadAccess, resumeWithToken } from "@/lib/applications/access";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /api/applications/resume - uses a resume link: binds this client, ends every other binding, rotates the link.
export const POST = apiRoute({ body: resumeBody, rateLimit: LIMITS.resume }, async ({ request, body }) => {
  const deps = await processDeps();
  const { app, bindingToken } = await resumeWithToken(deps, body.token, deviceKindOfRequest(request.headers));
  // The answers this answer shows are audited when the link was one staff issued (lib/applications/link-audit.ts).
  const view = await answerView(deps, request, await loadAccess(deps, app.id, bindingToken), app);
  return setAccessCookie(NextResponse.json({ application: view } satisfies z.infer<typeof applicationAnswer>), app.id, bindingToken);
});

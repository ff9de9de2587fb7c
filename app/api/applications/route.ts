import { NextResponse } from "next/server";
import type { z } from "zod";
import { setAccessCookie } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { apiRoute } from "@/lib/api/route";
import { type startAnswer, startBody } from "@/lib/api/schemas/applicant";
import { startApplication } from "@/lib/applications/start";
import { applicationView } from "@/lib/applications/view";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /api/applications - starts a draft for a product, binds it to this client and answers its resume link (once, here).
export const POST = apiRoute({ body: startBody, rateLimit: LIMITS.start }, async ({ body }) => {
  const deps = await processDeps();
  const { app, bindingToken, resumeToken } = await startApplication(deps, body);
  const response = NextResponse.json(
    { application: await applicationView(deps, app), resumeUrl: `${deps.appUrl}/apply/resume/${resumeToken}` } satisfies z.infer<
      typeof startAnswer
    >,
    { status: 201 },
  );
  return setAccessCookie(response, app.id, bindingToken);
});

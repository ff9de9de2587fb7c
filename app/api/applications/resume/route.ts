import { NextResponse } from "next/server";
import { z } from "zod";
import { requestDeps, setAccessCookie } from "@/app/_lib/application-request";
import { apiRoute } from "@/lib/api/route";
import { resumeWithToken } from "@/lib/applications/access";
import { applicationView } from "@/lib/applications/view";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /api/applications/resume - uses a resume link: binds this client, ends every other binding, rotates the link.
export const POST = apiRoute({ body: z.object({ token: z.string().min(20).max(100) }), rateLimit: LIMITS.resume }, async ({ body }) => {
  const deps = await requestDeps();
  const { app, bindingToken } = await resumeWithToken(deps, body.token);
  return setAccessCookie(NextResponse.json({ application: await applicationView(deps, app) }), app.id, bindingToken);
});

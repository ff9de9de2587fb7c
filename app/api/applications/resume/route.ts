import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { resumeWithToken } from "@/lib/applications/access";
import { requestDeps, setAccessCookie } from "@/app/_lib/application-request";
import { applicationView } from "@/lib/applications/view";

export const dynamic = "force-dynamic";

// POST /api/applications/resume - opens an application on this device from its resume token.
export const POST = apiRoute({ body: z.object({ token: z.string().min(20).max(100) }) }, async ({ body }) => {
  const deps = await requestDeps();
  const { app, cookieValue } = await resumeWithToken(deps, body.token);
  return setAccessCookie(NextResponse.json({ application: await applicationView(deps, app) }), app.id, cookieValue);
});

import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { requestDeps, setAccessCookie } from "@/app/_lib/application-request";
import { startApplication } from "@/lib/applications/start";
import { applicationView } from "@/lib/applications/view";

export const dynamic = "force-dynamic";

const body = z.object({ productId: z.string().min(1).max(100), locale: z.enum(["en", "zh-CN"]).optional() });

// POST /api/applications - starts a draft for a product; binds it to this browser and returns the resume link.
export const POST = apiRoute({ body }, async ({ body }) => {
  const deps = await requestDeps();
  const { app, bindingToken, resumeToken } = await startApplication(deps, body);
  const response = NextResponse.json(
    { application: await applicationView(deps, app), resumeUrl: `${deps.appUrl}/apply/resume/${resumeToken}` },
    { status: 201, headers: { "cache-control": "no-store" } },
  );
  return setAccessCookie(response, app.id, `b.${bindingToken}`);
});

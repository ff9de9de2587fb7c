import { NextResponse } from "next/server";
import { isPortalError } from "@/lib/errors";
import { resumeWithToken } from "@/lib/applications/access";
import { requestDeps, setAccessCookie } from "@/app/_lib/application-request";

export const dynamic = "force-dynamic";

// GET /apply/resume/[token] - the resume link: opens the application on this device, then continues it.
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const deps = await requestDeps();
  try {
    const { app, cookieValue } = await resumeWithToken(deps, (await params).token);
    return setAccessCookie(NextResponse.redirect(new URL(`/apply/${app.id}`, deps.appUrl), 303), app.id, cookieValue);
  } catch (error) {
    if (isPortalError(error)) return NextResponse.redirect(new URL("/?resume=expired", deps.appUrl), 303);
    throw error;
  }
}

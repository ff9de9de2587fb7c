import { gateFormPost, seeOther } from "@/app/_lib/form-post";
import { errorResponse } from "@/lib/api/route";
import { setAccessCookie } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { deviceKindOfRequest } from "@/lib/applications/device-kind";
import { resumeWithToken } from "@/lib/applications/access";
import { isPortalError } from "@/lib/errors";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /apply/resume - "Continue on this device" on the resume page: binds this browser, ends the others, rotates the link.
export async function POST(request: Request) {
  const gate = await gateFormPost(request, LIMITS.resume, "/?resume=limited");
  if (!gate.ok) return gate.response;
  const deps = await processDeps();
  const token = (await request.formData().catch(() => undefined))?.get("token");
  try {
    const { app, bindingToken } = await resumeWithToken(deps, typeof token === "string" ? token : "", deviceKindOfRequest(request.headers));
    return setAccessCookie(seeOther(new URL(`/apply/${app.id}`, deps.appUrl)), app.id, bindingToken);
  } catch (error) {
    if (isPortalError(error, "NOT_FOUND")) return seeOther(new URL("/?resume=expired", deps.appUrl));
    return errorResponse(error);
  }
}

import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { notFound, redirect } from "next/navigation";
import { accessCookieName, requestDeps } from "@/app/_lib/application-request";
import { loadWithAccess } from "@/lib/applications/access";
import { applicationOverview, type ApplicationOverview } from "@/lib/applications/overview";
import { isPortalError } from "@/lib/errors";

export { landingPath, nextStepOf } from "@/lib/applications/overview";
export type ApplicationPage = ApplicationOverview;

/**
 * What every application page needs, for the browser holding its binding; anyone else gets the 404 page, and
 * the browser that held it when its data was erased the page that says so.
 * Once per request (React's cache): the layout checks access, the page then reads the same answer.
 */
export const loadApplicationPage = cache(async (id: string): Promise<ApplicationPage> => {
  const deps = await requestDeps();
  const jar = await cookies();
  try {
    return await applicationOverview(deps, await loadWithAccess(deps, id, jar.get(accessCookieName(id))?.value));
  } catch (error) {
    if (isPortalError(error, "NOT_FOUND")) notFound();
    if (isPortalError(error, "APPLICATION_ERASED")) redirect("/apply/erased");
    throw error;
  }
});

import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { notFound, redirect } from "next/navigation";
import { accessCookieName } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { loadAccess, type Access } from "@/lib/applications/access";
import { recordShownThroughStaffLink } from "@/lib/applications/link-audit";
import { applicationOverview, type ApplicationOverview } from "@/lib/applications/overview";
import { isPortalError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";

export { landingPath, nextStepOf } from "@/lib/applications/overview";
export type ApplicationPage = ApplicationOverview & { access: Access };

/**
 * What every application page needs, for the browser holding its binding; anyone else gets the 404 page, and
 * the browser that held it when its data was erased the page that says so.
 * Once per request (React's cache): the layout checks access, the page then reads the same answer.
 */
export const loadApplicationPage = cache(async (id: string): Promise<ApplicationPage> => {
  const deps = await processDeps();
  const jar = await cookies();
  try {
    const access = await loadAccess(deps, id, jar.get(accessCookieName(id))?.value);
    return { ...(await applicationOverview(deps, access.app)), access };
  } catch (error) {
    if (isPortalError(error, "NOT_FOUND")) notFound();
    if (isPortalError(error, "APPLICATION_ERASED")) redirect("/apply/erased");
    throw error;
  }
});

/** The answers a page shows (their paths), recorded when its browser was bound through a staff-issued link. */
export async function recordShown(page: ApplicationPage, where: string, paths: string[]): Promise<void> {
  await recordShownThroughStaffLink(await processDeps(), page.access, { where, paths, ip: clientIp(await headers()) });
}

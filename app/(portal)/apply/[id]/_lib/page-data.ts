import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { notFound, redirect } from "next/navigation";
import { accessCookieName } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { loadAccess, type Access } from "@/lib/applications/access";
import { recordShownThroughStaffLink } from "@/lib/applications/link-audit";
import { movedView, type MovedView } from "@/lib/applications/moved-link";
import { applicationOverview, type ApplicationOverview } from "@/lib/applications/overview";
import { isPortalError } from "@/lib/errors";
import { getTranslator } from "@/lib/i18n/server";
import { clientIp } from "@/lib/http/client-ip";

export { landingPath, nextStepOf } from "@/lib/applications/overview";
export type ApplicationPage = ApplicationOverview & { access: Access };

/** What this browser may see at an application's address: the application, where it went, or nothing. */
type Outcome = { kind: "open"; page: ApplicationPage } | { kind: "moved"; moved: MovedView } | { kind: "missing" | "erased" };

// Once per request (React's cache): the layout, the page and its title all ask.
const outcomeOf = cache(async (id: string): Promise<Outcome> => {
  const deps = await processDeps();
  const cookie = (await cookies()).get(accessCookieName(id))?.value;
  try {
    const access = await loadAccess(deps, id, cookie);
    return { kind: "open", page: { ...(await applicationOverview(deps, access.app)), access } };
  } catch (error) {
    if (isPortalError(error, "NOT_FOUND")) return { kind: "missing" };
    if (isPortalError(error, "APPLICATION_ERASED")) return { kind: "erased" };
    if (isPortalError(error, "APPLICATION_MOVED")) {
      const moved = await movedView(deps, id, cookie);
      return moved ? { kind: "moved", moved } : { kind: "missing" };
    }
    throw error;
  }
});

/**
 * What every application page needs, for the browser holding its binding; anyone else gets the 404 page, and
 * the browser that held it when its data was erased the page that says so. A page first asks `movedHere`.
 */
export async function loadApplicationPage(id: string): Promise<ApplicationPage> {
  const outcome = await outcomeOf(id);
  if (outcome.kind === "open") return outcome.page;
  if (outcome.kind === "erased") redirect("/apply/erased");
  notFound();
}

/**
 * Where the application went, for the browser a personal link replaced: every page of the application then shows
 * "This application is now open on your phone" (components/apply/moved-notice.tsx) in its place.
 */
export async function movedHere(id: string): Promise<MovedView | undefined> {
  const outcome = await outcomeOf(id);
  return outcome.kind === "moved" ? outcome.moved : undefined;
}

/** A page's title: its own while open here, else what the page says first, then where it is ("… – About you"). */
export async function pageTitle(id: string, own: string): Promise<string> {
  const { kind } = await outcomeOf(id);
  const { t } = await getTranslator();
  if (kind === "moved") return t("apply.moved.title", { page: own });
  if (kind === "missing") return t("apply.moved.missingTitle", { page: own });
  return own;
}

/** The answers a page shows (their paths), recorded when its browser was bound through a staff-issued link. */
export async function recordShown(page: ApplicationPage, where: string, paths: string[]): Promise<void> {
  await recordShownThroughStaffLink(await processDeps(), page.access, { where, paths, ip: clientIp(await headers()) });
}

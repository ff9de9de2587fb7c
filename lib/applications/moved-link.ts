import "server-only";
import { patchApplication } from "@/lib/db/applications";
import type { AppDeps } from "@/lib/applications/deps";
import { freshResumeLink, movedAway, NOT_FOUND, resumeUrlOf, type Application } from "@/lib/applications/access";
import type { DeviceKind } from "@/lib/applications/device-kind";
import { sealingKeys } from "@/lib/applications/keys";
import { contactSaved, emailResumeLink, recipientOf } from "@/lib/applications/mail";

// The way back for a browser a resume link replaced ("This application is now open on your phone"): a new link by
// email to the application's own address, never shown here. Only that browser may ask (its own ended binding);
// anyone else gets the answer an unknown application gets. Sending binds nothing: opening the link and choosing
// "Continue on this device" does, as with any link.

/** What that browser is told: the kind of device and since when, and whether a link can be emailed. No address, no answer. */
export type MovedView = { device: DeviceKind; since: string; email: "ready" | "no-email" | "off" };

export async function movedView(deps: AppDeps, id: string, cookieValue: string | undefined): Promise<MovedView | undefined> {
  const moved = await movedAway(deps, id, cookieValue);
  if (!moved) return undefined;
  const email = !deps.mail?.enabled ? "off" : contactSaved(moved.app) && (await recipientOf(deps, moved.app)) ? "ready" : "no-email";
  return { device: moved.movedTo.device, since: moved.movedTo.since.toISOString(), email };
}

/** The holder's current link while usable; an expired one is replaced first (nobody could use it any more). */
async function currentLink(deps: AppDeps, app: Application): Promise<string | null> {
  const link = await resumeUrlOf(deps, app);
  if (link) return link;
  const renewed = await patchApplication(deps.db, app.id, freshResumeLink(deps, await sealingKeys(deps, app.id)).columns);
  return renewed ? resumeUrlOf(deps, renewed) : null;
}

/**
 * "Send me a new link": the application's current one-time resume link to the application's own address, with the
 * limits of "Email me this link" (per application and per recipient; the route adds per client). Answers nothing
 * about where it went.
 */
export async function sendMovedLink(deps: AppDeps, id: string, cookieValue: string | undefined): Promise<{ sent: true }> {
  const moved = await movedAway(deps, id, cookieValue);
  if (!moved) throw NOT_FOUND();
  await emailResumeLink(deps, moved.app, await currentLink(deps, moved.app));
  return { sent: true };
}

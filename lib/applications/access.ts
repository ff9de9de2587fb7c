import "server-only";
import { timingSafeEqual } from "node:crypto";
import { PortalError } from "@/lib/errors";
import { findApplication, findApplicationByResumeHash } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";

export type { Application };
import { hashToken, type AppDeps } from "@/lib/applications/deps";

/** One cookie per application: `b.<binding token>` for the browser that started it, `r.<resume token>` after a resume link. */
export const accessCookieName = (id: string) => `ob_${id}`;

const NOT_FOUND = () => new PortalError("NOT_FOUND", "No application was found at this address.");
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The application, if the cookie value grants access to it; anything else is a plain 404 (ids are not guessable). */
export async function loadWithAccess(deps: AppDeps, id: string, cookieValue: string | undefined): Promise<Application> {
  if (!/^app_[A-Za-z0-9_-]{22}$/.test(id) || !cookieValue) throw NOT_FOUND();
  const app = await findApplication(deps.db, id);
  if (!app) throw NOT_FOUND();
  const [kind, token] = [cookieValue.slice(0, 2), cookieValue.slice(2)];
  if (kind === "b." && token && sameHash(hashToken(token), app.bindingHash)) return app;
  if (kind === "r." && token && sameHash(hashToken(token), app.resumeHash) && app.resumeExpiresAt > deps.now()) return app;
  throw NOT_FOUND();
}

/** Opens an application from its resume link: answers it with the cookie value to set on this device. */
export async function resumeWithToken(deps: AppDeps, token: string): Promise<{ app: Application; cookieValue: string }> {
  const app = token ? await findApplicationByResumeHash(deps.db, hashToken(token)) : undefined;
  if (!app || app.resumeExpiresAt <= deps.now()) {
    throw new PortalError(
      "NOT_FOUND",
      "This resume link is unknown or has expired. Start a new application, or use the newest link you were given.",
    );
  }
  return { app, cookieValue: `r.${token}` };
}

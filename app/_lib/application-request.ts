import "server-only";
import { type NextResponse } from "next/server";
import { BINDING_IDLE_MS, loadAccess, loadWithAccess, type Access, type Application } from "@/lib/applications/access";
import type { AppDeps } from "@/lib/applications/deps";
import { answeredPaths, recordShownThroughStaffLink } from "@/lib/applications/link-audit";
import { applicationView, type ApplicationView } from "@/lib/applications/view";
import { getEnv } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { readCookie } from "@/lib/http/cookies";
import { enforce, type Limit } from "@/lib/security/rate-limit";

// Glue between the routes and the onboarding domain: dependencies and the browser's binding cookie.

const secure = () => getEnv().appUrl.startsWith("https://");

/** One cookie per application; on https a `__Host-` name, which no other host or path can set. */
export const accessCookieName = (id: string) => `${secure() ? "__Host-" : ""}ob_${id}`;

/** The applications this browser holds a binding cookie for (the cookie name carries the id; the server checks the binding). */
export function heldApplicationCookies(jar: Array<{ name: string; value: string }>): Array<{ id: string; value: string }> {
  const prefix = accessCookieName("");
  return jar.filter((c) => c.name.startsWith(prefix)).map((c) => ({ id: c.name.slice(prefix.length), value: c.value }));
}

/** The application named in the path, if this browser holds a binding to it (else a plain 404). */
export function applicationFor(deps: AppDeps, request: Request, id: string): Promise<Application> {
  return loadWithAccess(deps, id, readCookie(request, accessCookieName(id)));
}

/** As applicationFor, then one attempt against the application's own `limit` (issuer calls per application). */
export async function limitedApplicationFor(deps: AppDeps, request: Request, id: string, limit: Limit): Promise<Application> {
  const app = await applicationFor(deps, request, id);
  await enforce(deps.db, limit, app.id, deps.now());
  return app;
}

/** As applicationFor, with the binding that opened it (see answerView). */
export const accessFor = (deps: AppDeps, request: Request, id: string): Promise<Access> =>
  loadAccess(deps, id, readCookie(request, accessCookieName(id)));

/** The application as an API answer shows it; its answers recorded when the browser was bound through a staff-issued link. */
export async function answerView(deps: AppDeps, request: Request, access: Access, app = access.app): Promise<ApplicationView> {
  const view = await applicationView(deps, app);
  await recordShownThroughStaffLink(deps, access, { where: "api", paths: answeredPaths(view.draft), ip: clientIp(request.headers) });
  return view;
}

/** httpOnly, SameSite=Lax, Secure on https: the browser keeps the binding token, scripts cannot read it. */
export function setAccessCookie<R extends NextResponse>(response: R, id: string, bindingToken: string): R {
  response.cookies.set(accessCookieName(id), bindingToken, {
    httpOnly: true,
    sameSite: "lax",
    secure: secure(),
    path: "/",
    maxAge: Math.floor(BINDING_IDLE_MS / 1000),
  });
  return response;
}

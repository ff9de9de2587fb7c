import "server-only";
import { type NextResponse } from "next/server";
import { getEnv } from "@/lib/env";
import { accessCookieName, loadWithAccess, type Application } from "@/lib/applications/access";
import { processDeps, RESUME_TTL_MS, type AppDeps } from "@/lib/applications/deps";

// Glue between the portal API routes and the domain: dependencies, the access cookie.

export const requestDeps = (): Promise<AppDeps> => processDeps();

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** The application named in the path, if this browser holds its access cookie (else a plain 404). */
export function applicationFor(deps: AppDeps, request: Request, id: string): Promise<Application> {
  return loadWithAccess(deps, id, readCookie(request, accessCookieName(id)));
}

/** httpOnly, SameSite=Lax, Secure on https: the browser keeps it, scripts cannot read it. */
export function setAccessCookie(response: NextResponse, id: string, value: string) {
  response.cookies.set(accessCookieName(id), value, {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().appUrl.startsWith("https://"),
    path: "/",
    maxAge: Math.floor(RESUME_TTL_MS / 1000),
  });
  return response;
}

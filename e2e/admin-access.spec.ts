import type { APIRequestContext } from "@playwright/test";
import { ADMIN_PAGES, ADMIN_ROUTES, type Access } from "../lib/auth/access-matrix";
import { DEMO_ADMIN, newStaff, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Every page and route of the staff area, tried as an anonymous visitor, a viewer and an admin, against the
// declared matrix (lib/auth/access-matrix.ts): a route that forgets its check fails here.

const VIEWER_MAY: readonly Access[] = ["public", "read"];

/** A concrete address for a matrix key: [id] of a staff route is a real account, others an unknown id. */
function concrete(key: string, staffId: string): string {
  return key.replace("/staff/[id]", `/staff/${staffId}`).replace("[id]", "app_unknownunknownunknown0");
}

async function status(api: APIRequestContext, method: string, url: string): Promise<{ status: number; location?: string; body: string }> {
  const response = await api.fetch(url, { method, maxRedirects: 0, ...(method === "GET" ? {} : { data: {} }) });
  return { status: response.status(), location: response.headers().location, body: await response.text() };
}

test("anonymous, viewer and admin meet exactly the access the matrix declares", async ({ playwright, baseURL, request }, testInfo) => {
  // An admin of its own: the routes it tries (password changes, resets) then touch no account another test uses.
  const demo = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "demo"));
  const admin = await staffApi(playwright, String(baseURL), await newStaff(demo, "admin"), clientHeaders(testInfo, "admin"));
  const viewerLogin = await newStaff(admin, "viewer");
  const viewer = await staffApi(playwright, String(baseURL), viewerLogin, clientHeaders(testInfo, "viewer"));
  // Routes on a staff account act on a throwaway one (resetting the admin's own password would end this session).
  const target = await newStaff(admin, "agent");
  const all = ((await (await admin.get("/api/admin/staff")).json()) as { staff: Array<{ id: string; email: string }> }).staff;
  const staffId = all.find((s) => s.email === target.email)?.id ?? "";

  for (const [path, access] of Object.entries(ADMIN_PAGES)) {
    const url = concrete(path, staffId);
    const anonymous = await status(request, "GET", url);
    if (access === "public") expect(anonymous.status, url).toBe(200);
    else {
      expect(anonymous.status, url).toBe(307);
      expect(anonymous.location, url).toContain(`/admin/sign-in?callbackUrl=${encodeURIComponent(url)}`);
    }
    const asViewer = await status(viewer, "GET", url);
    expect(asViewer.status === 403, `viewer ${url}`).toBe(!VIEWER_MAY.includes(access));
    expect((await status(admin, "GET", url)).status, `admin ${url}`).not.toBe(403);
  }

  for (const [key, access] of Object.entries(ADMIN_ROUTES)) {
    const [method = "GET", path = ""] = key.split(" ");
    const url = concrete(path, staffId);
    const anonymous = await status(request, method, url);
    expect(anonymous.status, `anonymous ${key}`).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    const asViewer = await status(viewer, method, url);
    if (VIEWER_MAY.includes(access)) expect(asViewer.status, `viewer ${key}`).not.toBe(403);
    else expect(JSON.parse(asViewer.body), `viewer ${key}`).toMatchObject({ error: { code: "FORBIDDEN" } });
    expect([401, 403], `admin ${key}`).not.toContain((await status(admin, method, url)).status);
  }
  await Promise.all([demo.dispose(), admin.dispose(), viewer.dispose()]);
});

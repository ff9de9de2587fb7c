import { z } from "zod";
import { setOwnTimeZone } from "@/lib/admin/staff/time-zone";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

const body = z.object({ timeZone: z.string().max(100), source: z.enum(["browser", "account"]).default("account") });

// POST /api/admin/account/time-zone - a staff member's own time zone: the browser's once at the first sign-in
// (source "browser": only while none is set) or the one chosen on the account page. A name Intl does not know: 422.
export const POST = staffRoute("read", { body }, async ({ body, staff }) => setOwnTimeZone(staff, body.timeZone, body.source));

import { setOwnTimeZone } from "@/lib/admin/staff/time-zone";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers, timeZoneBody } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/account/time-zone - a staff member's own time zone: the browser's once at the first sign-in
// (source "browser": only while none is set) or the one chosen on the account page. A name Intl does not know: 422.
export const POST = staffRoute("read", { body: timeZoneBody, answer: staffAnswers.timeZone }, async ({ body, staff }) =>
  setOwnTimeZone(staff, body.timeZone, body.source),
);

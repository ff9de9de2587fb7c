import "server-only";
import { canonicalTimeZone } from "@/lib/admin/clock";
import { recordStaffAction } from "@/lib/audit/record";
import type { Staff } from "@/lib/auth/current-staff";
import { getDb } from "@/lib/db";
import { setStaffTimeZone } from "@/lib/db/staff-users";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";

// A staff member's own time zone: the browser's at the first sign-in (only while the account has none), or the one
// chosen on the account page. Anything Intl does not know as a zone is refused and changes nothing.

export const TIME_ZONE_ERROR = "errors.staff.time_zone";

/** Sets the zone (its canonical name); answers the account's zone afterwards and whether this call changed it. */
export async function setOwnTimeZone(
  actor: Staff,
  given: string,
  source: "browser" | "account",
  database?: Database,
  now = new Date(),
): Promise<{ timeZone: string; changed: boolean }> {
  const db = database ?? (await getDb());
  const timeZone = canonicalTimeZone(given);
  if (!timeZone)
    throw new PortalError("VALIDATION_ERROR", "This is not a time zone: use an IANA name such as Europe/Paris.", {
      timeZone: TIME_ZONE_ERROR,
    });
  const changed = await setStaffTimeZone(db, actor.id, timeZone, source === "browser");
  if (changed)
    await recordStaffAction(db, actor, "staff.time_zone_set", { target: actor.email, detail: { time_zone: timeZone, source } }, now);
  return { timeZone: changed ? timeZone : (actor.timeZone ?? timeZone), changed };
}

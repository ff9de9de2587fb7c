import { describe, expect, it } from "vitest";
import { setOwnTimeZone } from "@/lib/admin/staff/time-zone";
import { errorResponse } from "@/lib/api/route";
import type { Staff } from "@/lib/auth/current-staff";
import { sessionAccount, startStaffSession } from "@/lib/auth/sessions";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { createStaffUser, findStaffUser } from "@/lib/db/staff-users";
import { testEngines, useTestDatabase } from "@/lib/db/testing";

// A staff member's own time zone (POST /api/admin/account/time-zone): the browser's once while none is set, a
// choice on the account page at any time, and a name Intl does not know refused with nothing changed.

describe.each(testEngines())("a staff member's time zone on %s", (_engine, open) => {
  const database = useTestDatabase(open);
  const db = () => database().db;
  let n = 0;

  /** A viewer (the least role the route allows) with a live session, as the staff member of a request. */
  async function viewer(): Promise<Staff> {
    const user = await createStaffUser(db(), { email: `zone.${++n}@example.com`, name: "Zone", role: "viewer" });
    if (!user) throw new Error("not created");
    const sessionId = await startStaffSession(db(), user.id, new Date());
    return { id: user.id, email: user.email, name: user.name, role: "viewer", ip: "10.3.0.1", sessionId, timeZone: null };
  }
  const audited = async (me: Staff) => listAuditEntries(db(), { action: "staff.time_zone_set", staffId: me.id }, 10);

  it("takes the browser's zone while none is set; the next request's session carries it; audited", async () => {
    const me = await viewer();
    expect((await sessionAccount(db(), me.sessionId ?? ""))?.timeZone).toBeNull();
    expect(await setOwnTimeZone(me, "America/New_York", "browser", db())).toEqual({ timeZone: "America/New_York", changed: true });
    expect((await sessionAccount(db(), me.sessionId ?? ""))?.timeZone).toBe("America/New_York");
    const [entry] = await audited(me);
    expect(entry?.detail).toEqual({ time_zone: "America/New_York", source: "browser" });
  });

  it("never lets the browser's guess override a zone already chosen; the account page changes it", async () => {
    const me = await viewer();
    await setOwnTimeZone(me, "Europe/Paris", "account", db());
    const chosen = { ...me, timeZone: "Europe/Paris" };
    expect(await setOwnTimeZone(chosen, "Asia/Tokyo", "browser", db())).toEqual({ timeZone: "Europe/Paris", changed: false });
    expect((await findStaffUser(db(), me.id))?.timeZone).toBe("Europe/Paris");
    expect(await setOwnTimeZone(chosen, "pacific/auckland", "account", db())).toEqual({ timeZone: "Pacific/Auckland", changed: true });
    expect((await findStaffUser(db(), me.id))?.timeZone).toBe("Pacific/Auckland");
    expect(await audited(me)).toHaveLength(2);
  });

  it("refuses a name that is no zone with the error shape (422, the field named) and changes nothing", async () => {
    const me = await viewer();
    await setOwnTimeZone(me, "Europe/Paris", "account", db());
    for (const bad of ["Mars/Olympus_Mons", "+02:00", "", "Europe/Paris'; --"]) {
      const error = await setOwnTimeZone({ ...me, timeZone: "Europe/Paris" }, bad, "account", db()).catch((e: unknown) => e);
      const response = errorResponse(error);
      expect(response.status, bad).toBe(422);
      expect(await response.json()).toEqual({
        error: { code: "VALIDATION_ERROR", message: expect.any(String) as string, fields: { timeZone: "errors.staff.time_zone" } },
      });
    }
    expect((await findStaffUser(db(), me.id))?.timeZone).toBe("Europe/Paris");
    expect(await audited(me)).toHaveLength(1);
  });
});

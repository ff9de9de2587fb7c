import { describe, expect, it } from "vitest";
import {
  addDays,
  canonicalTimeZone,
  dayIn,
  formatStaffTime,
  staffClockOf,
  staffDayFormat,
  timeZoneChoices,
  zoneDayBounds,
  zoneDayStart,
} from "@/lib/admin/clock";
import { dayEnd, dayStart } from "@/lib/admin/keyset";

// Fixed instants only: nothing here depends on today's date or the machine's zone.
const AT = new Date("2026-11-26T15:58:07Z");

describe("the staff clock's formatter", () => {
  it("shows a time in the staff member's zone and names the zone", () => {
    expect(formatStaffTime(staffClockOf("en", "Europe/Paris"), AT)).toBe("Nov 26, 2026, 4:58 PM GMT+1");
    expect(formatStaffTime(staffClockOf("en", "America/New_York"), AT, "second")).toBe("Nov 26, 2026, 10:58:07 AM EST");
    // Chinese names the zone before the time, as CLDR writes it.
    expect(formatStaffTime(staffClockOf("zh-CN", "Asia/Shanghai"), AT.toISOString())).toBe("2026年11月26日 GMT+8 23:58");
  });

  it("says UTC while the staff member has no zone", () => {
    const clock = staffClockOf("en", null);
    expect(clock.timeZone).toBe("UTC");
    expect(formatStaffTime(clock, AT)).toBe("Nov 26, 2026, 3:58 PM UTC");
  });

  it("shows an expiry in the same zone as the time it was issued, across a change of summer time", () => {
    const clock = staffClockOf("en", "Europe/Paris");
    const issued = new Date("2026-10-20T14:58:00Z");
    const expires = new Date(issued.getTime() + 14 * 86_400_000);
    expect(formatStaffTime(clock, issued)).toBe("Oct 20, 2026, 4:58 PM GMT+2");
    expect(formatStaffTime(clock, expires)).toBe("Nov 3, 2026, 3:58 PM GMT+1");
  });

  it("formats a day in the zone: late evening in UTC is already tomorrow in Auckland", () => {
    expect(staffDayFormat(staffClockOf("en", "Pacific/Auckland")).format(new Date("2026-11-26T20:00:00Z"))).toBe("Nov 27, 2026");
    expect(staffDayFormat(staffClockOf("en", "UTC")).format(new Date("2026-11-26T20:00:00Z"))).toBe("Nov 26, 2026");
  });
});

describe("time zone names", () => {
  it("accepts the IANA zones Intl knows, in their canonical spelling", () => {
    expect(canonicalTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("america/new_york")).toBe("America/New_York");
    expect(canonicalTimeZone("Pacific/Kiritimati")).toBe("Pacific/Kiritimati");
  });

  it("refuses anything else, offsets included", () => {
    for (const bad of ["Mars/Olympus_Mons", "", "+01:00", "Europe/Paris; drop table", "x".repeat(65), "../etc/passwd", "Europe//Paris"])
      expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it("offers every zone, UTC and the account's own, once each", () => {
    const zones = timeZoneChoices("Asia/Calcutta");
    expect(zones).toContain("UTC");
    expect(zones).toContain("Europe/Paris");
    expect(zones).toContain("Asia/Calcutta");
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe("a day in a zone", () => {
  it("runs from that zone's midnight to the next", () => {
    const { start, end } = zoneDayBounds("2026-11-26", "America/New_York");
    expect([start.toISOString(), end.toISOString()]).toEqual(["2026-11-26T05:00:00.000Z", "2026-11-27T05:00:00.000Z"]);
    expect(zoneDayStart("2026-11-26", "UTC").toISOString()).toBe("2026-11-26T00:00:00.000Z");
  });

  it("is 25 hours long on Europe/Paris's return to winter time (2026-10-25) and 23 on its start of summer time", () => {
    const autumn = zoneDayBounds("2026-10-25", "Europe/Paris");
    expect([autumn.start.toISOString(), autumn.end.toISOString()]).toEqual(["2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z"]);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
    const spring = zoneDayBounds("2026-03-29", "Europe/Paris");
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
  });

  it("starts the day before in UTC for zones east of UTC+12", () => {
    // Kiritimati is UTC+14 all year; Auckland is UTC+13 in its summer.
    expect(zoneDayStart("2026-11-26", "Pacific/Kiritimati").toISOString()).toBe("2026-11-25T10:00:00.000Z");
    expect(zoneDayStart("2026-11-26", "Pacific/Auckland").toISOString()).toBe("2026-11-25T11:00:00.000Z");
    expect(dayIn(new Date("2026-11-25T10:00:00Z"), "Pacific/Kiritimati")).toBe("2026-11-26");
    expect(dayIn(new Date("2026-11-25T09:59:59Z"), "Pacific/Kiritimati")).toBe("2026-11-25");
  });

  it("starts at the first instant it has where a zone skips midnight (Santiago, 2026-09-06)", () => {
    const start = zoneDayStart("2026-09-06", "America/Santiago");
    expect(start.toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(dayIn(start, "America/Santiago")).toBe("2026-09-06");
    expect(dayIn(new Date(start.getTime() - 1), "America/Santiago")).toBe("2026-09-05");
  });

  it("gives the lists' filters their bounds: the first and the last millisecond of the day in the zone", () => {
    expect(dayStart("2026-10-25", "Europe/Paris")?.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(dayEnd("2026-10-25", "Europe/Paris")?.toISOString()).toBe("2026-10-25T22:59:59.999Z");
    expect(dayEnd("2026-11-26")?.toISOString()).toBe("2026-11-26T23:59:59.999Z");
    expect(dayStart(undefined, "Europe/Paris")).toBeUndefined();
  });

  it("moves by calendar days, across months and leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

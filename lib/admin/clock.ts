// The staff area's one clock (issue #27, item 6): every time a staff member sees is shown in their own time zone
// (an IANA name kept on their account; UTC until one is known) and names that zone, and a day of a filter is that
// zone's midnight to midnight. Pure and isomorphic: server pages and client components use the same formatter.

export const DEFAULT_STAFF_ZONE = "UTC";

/** The zone a staff member reads times in: their own, or UTC while they have none. */
export type StaffClock = { locale: string; timeZone: string };

export const staffClockOf = (locale: string, timeZone: string | null | undefined): StaffClock => ({
  locale,
  timeZone: timeZone || DEFAULT_STAFF_ZONE,
});

/**
 * The canonical name of an IANA time zone Intl knows (Europe/Paris, UTC), or null. Offsets such as "+01:00", which
 * recent engines accept too, are refused: a zone, unlike an offset, follows its summer time.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Every zone to choose from, with the one the account holds even when this engine lists it under another name. */
export function timeZoneChoices(current: string | null): string[] {
  const all = new Set<string>([DEFAULT_STAFF_ZONE, ...Intl.supportedValuesOf("timeZone")]);
  if (current) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b, "en"));
}

// dateStyle and timeStyle cannot be combined with timeZoneName (it throws): explicit fields, the zone's short name.
const DATE_FIELDS = { year: "numeric", month: "short", day: "numeric" } as const;

/**
 * The formatter of a staff time: "26 Nov 2026, 16:58 GMT+1" (with seconds where a timeline needs them). The zone
 * is always named, so a time read on one page can be compared with a time read on another.
 */
export function staffTimeFormat(clock: StaffClock, precision: "minute" | "second" = "minute"): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(clock.locale, {
    ...DATE_FIELDS,
    hour: "numeric",
    minute: "2-digit",
    ...(precision === "second" ? { second: "2-digit" } : {}),
    timeZone: clock.timeZone,
    timeZoneName: "short",
  });
}

/** A calendar day in the staff member's zone ("Wednesday, 25 November 2026"), for a day rather than a moment. */
export function staffDayFormat(clock: StaffClock, style: "medium" | "full" = "medium"): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(clock.locale, { dateStyle: style, timeZone: clock.timeZone });
}

/** A time as the staff member reads it (an ISO text, as JSON carries it, or a Date). */
export const formatStaffTime = (clock: StaffClock, at: Date | string, precision: "minute" | "second" = "minute") =>
  staffTimeFormat(clock, precision).format(typeof at === "string" ? new Date(at) : at);

/** The wall clock of an instant in a zone, as the UTC instant with the same fields (its difference is the offset). */
function wallClock(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
}

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export const dayIn = (at: Date, timeZone: string) => new Date(wallClock(at, timeZone)).toISOString().slice(0, 10);

/** A YYYY-MM-DD day moved by whole calendar days (no zone involved: a calendar day is a calendar day). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const nextDay = (day: string) => addDays(day, 1);

/**
 * The first instant of a day (YYYY-MM-DD) in a zone. The offset is read at the guess and again at the result, so
 * a day that starts in winter time and ends in summer time (or the reverse) still starts at its own midnight; where a
 * zone skips midnight, the day starts at the first instant it has.
 */
export function zoneDayStart(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let at = midnight - (wallClock(new Date(midnight), timeZone) - midnight);
  at = midnight - (wallClock(new Date(at), timeZone) - at);
  // A skipped midnight lands in the day before: move forward to where this day begins.
  if (dayIn(new Date(at), timeZone) < day) at += 3_600_000 - (wallClock(new Date(at), timeZone) % 3_600_000);
  return new Date(at);
}

/** A day of a filter in a zone: from its midnight (included) to the next midnight (excluded). */
export function zoneDayBounds(day: string, timeZone: string): { start: Date; end: Date } {
  return { start: zoneDayStart(day, timeZone), end: zoneDayStart(nextDay(day), timeZone) };
}

import { DEFAULT_STAFF_ZONE, nextDay, zoneDayStart } from "@/lib/admin/clock";

// The day filters of the staff lists (their keyset cursors are lib/db/keyset.ts), read in the staff member's zone.

/** A day (YYYY-MM-DD) from the URL as the first moment of that day in the zone. */
export const dayStart = (day: string | undefined, timeZone = DEFAULT_STAFF_ZONE) => (day ? zoneDayStart(day, timeZone) : undefined);
/** The last moment of that day in the zone (the lists compare `<=`): 1 ms before the next day's midnight. */
export const dayEnd = (day: string | undefined, timeZone = DEFAULT_STAFF_ZONE) =>
  day ? new Date(zoneDayStart(nextDay(day), timeZone).getTime() - 1) : undefined;

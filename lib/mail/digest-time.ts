// When the admins' daily email is due (ADMIN_DIGEST_HOUR, UTC): pure, so its rule is tested with fixed dates.

/** The UTC day (YYYY-MM-DD) whose digest is due at `now`: today from its hour on, none before it or without an hour. */
export function digestDueDay(now: Date, hour: number | undefined): string | undefined {
  if (hour === undefined || !Number.isInteger(hour) || hour < 0 || hour > 23) return undefined;
  return now.getUTCHours() >= hour ? now.toISOString().slice(0, 10) : undefined;
}

/** One digest per admin and day, whatever the number of instances or restarts (the outbox's unique dedupe key). */
export const digestDedupeKey = (day: string, staffId: string) => `digest:${day}:${staffId}`;

// The day filters of the staff lists (their keyset cursors are lib/db/keyset.ts).

/** A day (YYYY-MM-DD) from the URL as the first or the last moment of that UTC day. */
export const dayStart = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`) : undefined);
export const dayEnd = (day: string | undefined) => (day ? new Date(`${day}T23:59:59.999Z`) : undefined);

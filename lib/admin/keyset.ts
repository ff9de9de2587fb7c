// Keyset cursors of the staff lists (a time and an id) as one opaque URL parameter.

export type TimeCursor = { at: Date; id: string };

export const encodeTimeCursor = (c: TimeCursor) => Buffer.from(`${c.at.toISOString()}|${c.id}`).toString("base64url");

/** A cursor from the URL; anything malformed means "from the start" (a hand-edited link still opens). */
export function decodeTimeCursor(raw: string | undefined): TimeCursor | undefined {
  const [at, id] = raw ? Buffer.from(raw, "base64url").toString("utf8").split("|") : [];
  const date = at ? new Date(at) : undefined;
  return date && !Number.isNaN(date.getTime()) && id ? { at: date, id } : undefined;
}

/** A day (YYYY-MM-DD) from the URL as the first or the last moment of that UTC day. */
export const dayStart = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`) : undefined);
export const dayEnd = (day: string | undefined) => (day ? new Date(`${day}T23:59:59.999Z`) : undefined);

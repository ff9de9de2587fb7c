import "server-only";
import { and, asc, desc, eq, gt, lt, or, type AnyColumn, type SQL } from "drizzle-orm";

// Keyset pages of the staff lists, ordered by a time and an id (the tie-break): the cursor is the last row of the
// previous page, carried in the URL as one opaque parameter. One home for its encoding and its WHERE filter.

export type KeysetCursor = { at: Date; id: string };

export const encodeCursor = (c: KeysetCursor) => Buffer.from(`${c.at.toISOString()}|${c.id}`).toString("base64url");

/** A cursor from the URL; anything malformed means "from the start" (a hand-edited link still opens). */
export function decodeCursor(raw: string | undefined): KeysetCursor | undefined {
  const text = raw ? Buffer.from(raw, "base64url").toString("utf8") : "";
  // The time never holds a bar; the id may (an issuer's id is not ours to restrict).
  const bar = text.indexOf("|");
  const [at, id] = bar > 0 ? [text.slice(0, bar), text.slice(bar + 1)] : [];
  const date = at ? new Date(at) : undefined;
  return date && !Number.isNaN(date.getTime()) && id ? { at: date, id } : undefined;
}

/** The rows after the cursor in (time, id) order: newest first unless `ascending`; none without a cursor. */
export function afterCursor(cursor: KeysetCursor | undefined, time: AnyColumn, id: AnyColumn, ascending = false): SQL | undefined {
  if (!cursor) return undefined;
  const beyond = ascending ? gt : lt;
  return or(beyond(time, cursor.at), and(eq(time, cursor.at), beyond(id, cursor.id)));
}

/** The ORDER BY that matches afterCursor. */
export const keysetOrder = (time: AnyColumn, id: AnyColumn, ascending = false) =>
  ascending ? [asc(time), asc(id)] : [desc(time), desc(id)];

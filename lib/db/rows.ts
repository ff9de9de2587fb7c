/** Rows of a raw `db.execute` result: both drivers answer `{ rows }`, but the shared type cannot say so. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

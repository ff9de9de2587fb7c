import "server-only";

// CSV for the staff area's exports (work queue, audit log): formula-safe cells, and a stream that pulls one
// keyset page at a time, so memory stays flat whatever the number of rows.

/** One CSV cell: quoted, and a leading = + - @ neutralised so that a spreadsheet never runs it as a formula. */
export function csvCell(value: string | null): string {
  const text = value ?? "";
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One page of rows and the cursor of the next page (undefined: this was the last). */
export type CsvPage<C> = { rows: (string | null)[][]; next: C | undefined };

/**
 * A CSV stream (UTF-8 with a byte order mark, for spreadsheets) of a header and the pages `page` answers. The
 * stream is pulled, never pushed: a client that stops reading stops the queries.
 */
export function keysetCsv<C>(header: readonly string[], page: (cursor: C | undefined) => Promise<CsvPage<C>>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: C | undefined;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${header.join(",")}\r\n`));
        return;
      }
      if (done) return controller.close();
      const { rows, next } = await page(cursor);
      if (rows.length > 0) controller.enqueue(encoder.encode(`${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`));
      if (next === undefined) done = true;
      else cursor = next;
    },
  });
}

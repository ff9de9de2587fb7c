import type { TimelineEntry } from "@/lib/admin/case/timeline";

// The timeline shown a page at a time, so an application with thousands of events keeps a page of sensible height.

export const TIMELINE_PAGE_SIZE = 50;

export type TimelinePage = { entries: TimelineEntry[]; page: number; pages: number; first: number; last: number; total: number };

/** The page's number from the URL: a whole number from 1, anything else is the first page. */
export function timelinePageOf(raw: unknown): number {
  const n = typeof raw === "string" && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, n);
}

/** One page of the (filtered) timeline, newest first; a page past the end shows the last one. */
export function pageTimeline(entries: TimelineEntry[], wanted: number, size = TIMELINE_PAGE_SIZE): TimelinePage {
  const pages = Math.max(1, Math.ceil(entries.length / size));
  const page = Math.min(Math.max(1, wanted), pages);
  const start = (page - 1) * size;
  const shown = entries.slice(start, start + size);
  return { entries: shown, page, pages, first: shown.length > 0 ? start + 1 : 0, last: start + shown.length, total: entries.length };
}

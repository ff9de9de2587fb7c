import "server-only";
import { queueParamsSchema, type QueueParams } from "@/lib/admin/queue/list";

// The queue's address: a view's query string, and the view an application page was opened from ("Back to the
// applications" keeps its filters, order and page). One list of the queue's own parameters, from its schema.

const KEYS = Object.keys(queueParamsSchema.shape) as (keyof QueueParams)[];
/** How long a carried query may be; a longer one is dropped whole rather than cut mid-value. */
const MAX_BACK = 2_000;

export type QueueQuery = Partial<Record<keyof QueueParams, string | undefined>>;

/** A view's query string: its known parameters that carry a value, in a fixed order, the default order left out. */
export function queryOf(params: QueueQuery): string {
  const out = new URLSearchParams();
  for (const key of KEYS) {
    const value = params[key];
    if (value && !(key === "sort" && value === "created_desc")) out.set(key, value);
  }
  return out.toString();
}

export const queueHrefOf = (query: string) => `/admin/applications${query ? `?${query}` : ""}`;

/**
 * The queue view named by an application page's `back` parameter, as a query string: only the queue's own
 * parameters, each through the queue's schema, so the link it makes always leads to the queue and nowhere else.
 */
export function backQueryOf(raw: string | string[] | undefined): string {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (!text || text.length > MAX_BACK) return "";
  return queryOf(queueParamsSchema.parse(Object.fromEntries(new URLSearchParams(text))));
}

/** An application's page, opened from the queue view `query` (its back link leads there). */
export const caseHrefOf = (id: string, query: string) =>
  `/admin/applications/${encodeURIComponent(id)}${query ? `?${new URLSearchParams({ back: query })}` : ""}`;

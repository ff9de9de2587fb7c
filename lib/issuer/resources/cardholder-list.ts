import { z } from "zod";
import type { IssuerClient } from "@/lib/issuer/client";
import { listCardholdersV1 } from "@/lib/issuer/resources/cardholders";

/** One cardholder of the v1 list, as reconciliation needs it (status, KYC, product, cards; the email only to mask). */
export type ListedCardholder = {
  id: string;
  status: string;
  kycStatus: string;
  productId: string | undefined;
  email: string | undefined;
  /** Whether the issuer's answer carried the cards at all (a list without them says nothing about cards). */
  cardsListed: boolean;
  cards: Array<{ id: string; status: string }>;
};

const wireItem = z
  .object({
    id: z.string().min(1),
    status: z.string(),
    kyc_status: z.string(),
    card_product_id: z.string().nullish(),
    email: z.string().nullish(),
    cards: z.array(z.object({ id: z.string().min(1), status: z.string() }).passthrough()).optional(),
  })
  .passthrough();
// The sandbox's paging (the spec does not show one): { items, page, page_size, total }, pages from 1.
const wirePage = z.object({ items: z.array(wireItem), page: z.number().int(), page_size: z.number().int(), total: z.number().int() });

export type CardholderPage = { items: ListedCardholder[]; total: number };

export const PAGE_SIZE = 100;
/** The cap of one run: 1,000 pages of 100 (100,000 cardholders), read one page at a time so the client's rate-limit
 * handling (Retry-After, backoff, circuit breaker) paces it; beyond it the run is marked partial. */
export const MAX_PAGES = 1_000;

export async function listCardholderPage(client: IssuerClient, page: number, pageSize = PAGE_SIZE): Promise<CardholderPage> {
  const data = wirePage.parse(await listCardholdersV1(client, { page, page_size: pageSize }));
  return {
    total: data.total,
    items: data.items.map((c) => ({
      id: c.id,
      status: c.status,
      kycStatus: c.kyc_status,
      productId: c.card_product_id ?? undefined,
      email: c.email ?? undefined,
      cardsListed: c.cards !== undefined,
      cards: (c.cards ?? []).map((k) => ({ id: k.id, status: k.status })),
    })),
  };
}

/** What a read of the list got: the cardholders, the issuer's total, and why it stopped short (null: every page). */
export type CardholderList = { items: ListedCardholder[]; total: number; partial: string | null };

/**
 * Every page until a short page or the total, at most `maxPages`. The first page failing throws (nothing was
 * read); a later one failing ends the read as partial, with what was read so far and which page failed.
 */
export async function readAllPages(
  fetchPage: (page: number) => Promise<CardholderPage>,
  pageSize = PAGE_SIZE,
  maxPages = MAX_PAGES,
): Promise<CardholderList> {
  const all = new Map<string, ListedCardholder>();
  let total = 0;
  for (let page = 1; ; page++) {
    if (page > maxPages) return { items: [...all.values()], total, partial: `cap: ${maxPages} pages of ${pageSize}` };
    let answer: CardholderPage;
    try {
      answer = await fetchPage(page);
    } catch (error) {
      if (page === 1) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return { items: [...all.values()], total, partial: `page ${page}: ${message}`.slice(0, 500) };
    }
    total = answer.total;
    // Newest first: a cardholder created while paging shifts the rest by one, so an id may be seen twice.
    for (const item of answer.items) all.set(item.id, item);
    if (answer.items.length < pageSize || page * pageSize >= total) return { items: [...all.values()], total, partial: null };
  }
}

/** Every page of the v1 cardholder list (see readAllPages). */
export function listAllCardholders(client: IssuerClient, pageSize = PAGE_SIZE, maxPages = MAX_PAGES): Promise<CardholderList> {
  return readAllPages((page) => listCardholderPage(client, page, pageSize), pageSize, maxPages);
}

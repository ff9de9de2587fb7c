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
/** A guard against an upstream whose total never stops growing. */
const MAX_PAGES = 10_000;

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
      cards: (c.cards ?? []).map((k) => ({ id: k.id, status: k.status })),
    })),
  };
}

/** Every page of the v1 cardholder list, until a short page or the total is reached. */
export async function listAllCardholders(client: IssuerClient, pageSize = PAGE_SIZE): Promise<ListedCardholder[]> {
  const all = new Map<string, ListedCardholder>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { items, total } = await listCardholderPage(client, page, pageSize);
    // Newest first: a cardholder created while paging shifts the rest by one, so an id may be seen twice.
    for (const item of items) all.set(item.id, item);
    if (items.length < pageSize || page * pageSize >= total) break;
  }
  return [...all.values()];
}

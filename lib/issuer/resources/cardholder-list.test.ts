import { describe, expect, it } from "vitest";
import { readAllPages, type CardholderPage, type ListedCardholder } from "@/lib/issuer/resources/cardholder-list";

// The paging of reconciliation's read of the issuer's list: where it stops, and how a cut-short read says so.

const holder = (n: number): ListedCardholder => ({
  id: `ch_${n}`,
  status: "SUCCESS",
  kycStatus: "VERIFIED",
  productId: undefined,
  email: undefined,
  cardsListed: true,
  cards: [],
});

/** An issuer list of `total` cardholders, `size` a page; `failFrom` and later pages answer an error. */
function list(total: number, size: number, failFrom = Infinity) {
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<CardholderPage> => {
    asked.push(page);
    if (page >= failFrom) throw new Error("503 SERVICE_UNAVAILABLE");
    const from = (page - 1) * size;
    return { total, items: Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => holder(from + i)) };
  };
  return { fetchPage, asked };
}

describe("readAllPages", () => {
  it("reads every page up to the total and no further", async () => {
    const { fetchPage, asked } = list(25, 10);
    const read = await readAllPages(fetchPage, 10, 100);
    expect(read).toMatchObject({ total: 25, partial: null });
    expect(read.items).toHaveLength(25);
    expect(asked).toEqual([1, 2, 3]);
  });

  it("stops at the page cap and says the read was cut", async () => {
    const { fetchPage, asked } = list(50, 10);
    const read = await readAllPages(fetchPage, 10, 2);
    expect(read).toMatchObject({ total: 50, partial: "cap: 2 pages of 10" });
    expect(read.items).toHaveLength(20);
    expect(asked).toEqual([1, 2]);
  });

  it("keeps what it read when a later page fails, and names that page", async () => {
    const read = await readAllPages(list(50, 10, 3).fetchPage, 10, 100);
    expect(read).toMatchObject({ total: 50, partial: "page 3: 503 SERVICE_UNAVAILABLE" });
    expect(read.items).toHaveLength(20);
  });

  it("fails as a whole when the first page fails (nothing was read)", async () => {
    await expect(readAllPages(list(50, 10, 1).fetchPage, 10, 100)).rejects.toThrow("503");
  });
});

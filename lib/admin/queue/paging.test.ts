import { describe, expect, it } from "vitest";
import { PAGE_SIZE, QUEUE_SORTS, queuePage, queueParamsSchema } from "@/lib/admin/queue/list";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { insertApplication } from "@/lib/db/applications";
import type { ApplicationState } from "@/lib/db/schema";
import { testEngines, useTestDatabase } from "@/lib/db/testing";

// The queue's keyset pages both ways ("Previous" and "Next") under every sort and a filter, on PGlite and on Postgres
// (TEST_DATABASE_URL). Fixed times: rows share times in threes, so the id breaks the ties.

const keys = keyringOf("test data encryption key");
const T0 = new Date("2026-06-15T12:00:00Z");
const STAFF = "00000000-0000-4000-8000-000000000001";
const minutes = (m: number) => new Date(T0.getTime() + m * 60_000);
const ROWS = 2 * PAGE_SIZE + 23;

for (const [engine, open] of testEngines()) {
  describe(`the queue's pages both ways on ${engine}`, () => {
    const handle = useTestDatabase(open);
    const page = (params: Record<string, string | undefined>) =>
      queuePage(handle().db, keys, queueParamsSchema.parse(params), STAFF, minutes(10_000), 24);

    /** Forward through every page, then back from the last with "Previous": the same pages, in the same order. */
    async function walk(filter: Record<string, string>) {
      const forward: string[][] = [];
      let at = await page(filter);
      expect(at.previous).toBeUndefined();
      forward.push(at.rows.map((r) => r.id));
      while (at.next) {
        at = await page({ ...filter, after: at.next });
        expect(at.previous).toBeDefined();
        forward.push(at.rows.map((r) => r.id));
      }
      const backward: string[][] = [at.rows.map((r) => r.id)];
      while (at.previous) {
        at = await page({ ...filter, before: at.previous });
        expect(at.next).toBeDefined();
        backward.unshift(at.rows.map((r) => r.id));
      }
      return { forward, backward };
    }

    it("seeds applications with tied times", async () => {
      const states: ApplicationState[] = ["draft", "failed", "kyc_pending"];
      for (let i = 0; i < ROWS; i++) {
        const n = String(i).padStart(3, "0");
        await insertApplication(handle().db, {
          id: `app_${n.padEnd(22, "x")}`,
          productId: "prod_virtual_simplified_usd",
          kycLevel: "Simplified",
          state: states[i % 3] ?? "draft",
          draftCiphertext: seal("{}", keys),
          resumeHash: `hash-${n}`,
          resumeExpiresAt: minutes(100_000),
          createdAt: minutes(Math.floor(i / 3)),
          updatedAt: minutes((i * 7) % 50),
          stateSince: minutes(Math.floor(((i * 11) % 97) / 3)),
        });
      }
    });

    it.each(QUEUE_SORTS)("pages back to the first page and forward again under %s", async (sort) => {
      const { forward, backward } = await walk({ sort });
      expect(forward.map((p) => p.length)).toEqual([PAGE_SIZE, PAGE_SIZE, ROWS - 2 * PAGE_SIZE]);
      expect(backward).toEqual(forward);
      expect(new Set(forward.flat()).size).toBe(ROWS);
    });

    it("keeps a filter while paging back, and a first page reached backward is the first page itself", async () => {
      // Failed and waiting for the identity check for days (two rows in three): two pages, one of them short.
      const { forward, backward } = await walk({ attention: "1", sort: "since_desc" });
      expect(forward.map((p) => p.length)).toEqual([PAGE_SIZE, 82 - PAGE_SIZE]);
      expect(backward).toEqual(forward);
      // Back from the first page's last row: fewer than a page before it, so the full first page, not those rows.
      const first = await page({ sort: "created_asc" });
      const back = await page({ sort: "created_asc", before: first.next });
      expect(back.previous).toBeUndefined();
      expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    });

    it("opens the first page for a malformed cursor either way", async () => {
      const first = await page({});
      for (const cursor of ["%%%", "bm90IGEgY3Vyc29y", "x".repeat(300)]) {
        const p = await page({ before: cursor });
        expect(p.previous).toBeUndefined();
        expect(p.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
      }
    });
  });
}

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuePage, queueParamsSchema } from "@/lib/admin/queue/list";
import { saveDraftStep } from "@/lib/applications/draft";
import { reindexBatch } from "@/lib/applications/reindex";
import { referenceOf } from "@/lib/applications/reference";
import { startApplication } from "@/lib/applications/start";
import { startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { keyringOf } from "@/lib/crypto/secret-box";
import { rowsOf } from "@/lib/db/rows";

// The work queue on PGlite: search through blind indexes, filters, keyset pages, counts.

let world: TestWorld;
const ids: Record<string, string> = {};
const STAFF = "00000000-0000-4000-8000-000000000001";

async function person(first: string, last: string, email: string) {
  const { app } = await startApplication(world.deps, { productId: "prod_virtual_simplified_usd" });
  await saveDraftStep(world.deps, app, "about-you", { first_name: first, last_name: last });
  await saveDraftStep(world.deps, app, "contact", { email, area_code: "+44", mobile_number: "7700900123" });
  ids[last] = app.id;
  return app.id;
}

beforeAll(async () => {
  world = await startTestWorld();
  await person("Ada", "Lovelace", "ada@example.com");
  await person("Grace", "Hopper", "grace.hopper@example.com");
  await person("Zoë", "Brontë", "zoe@example.com");
  for (let i = 0; i < 7; i++) await person("Test", `Person${"ABCDEFG"[i]}`, `t${i}@example.com`);
});
afterAll(async () => world.close());

const page = (params: Record<string, string>) =>
  queuePage(world.deps.db, world.deps.keys, queueParamsSchema.parse(params), STAFF, new Date(), 24);
const names = async (params: Record<string, string>) => (await page(params)).rows.map((r) => r.name).sort();

describe("the work queue", () => {
  it("finds people by a word or the start of one, by email, by application id; names stay sealed in the table", async () => {
    expect(await names({ q: "lovelace" })).toEqual(["Ada Lovelace"]);
    expect(await names({ q: "LOVE" })).toEqual(["Ada Lovelace"]);
    expect(await names({ q: "bronte" })).toEqual(["Zoë Brontë"]);
    expect(await names({ q: "ada lov" })).toEqual(["Ada Lovelace"]);
    expect(await names({ q: "Grace.Hopper@Example.com" })).toEqual(["Grace Hopper"]);
    expect(await names({ q: ids.Hopper ?? "" })).toEqual(["Grace Hopper"]);
    expect(await names({ q: "nobody" })).toEqual([]);
    // The short reference of the status page, however it is typed; a name of reference shape is still a name.
    const reference = referenceOf(ids.Hopper ?? "");
    expect(await names({ q: reference })).toEqual(["Grace Hopper"]);
    expect(await names({ q: reference.replace("-", "").toLowerCase() })).toEqual(["Grace Hopper"]);
    const dump = JSON.stringify(rowsOf(await world.deps.db.execute(sql`select * from applications`)));
    expect(dump).not.toMatch(/Lovelace|Hopper|grace\.hopper|Brontë/i);
  });

  it("filters by state and period, counts every state under the other filters, and ignores malformed parameters", async () => {
    const all = await page({ state: "draft", from: "2000-01-01", to: "2999-12-31", sort: "nonsense", after: "%%%" });
    expect(all.rows.length).toBe(10);
    expect(all.counts.draft).toBe(10);
    expect((await page({ state: "failed" })).rows).toEqual([]);
    expect((await page({ from: "2999-01-01" })).rows).toEqual([]);
    expect((await page({ q: "hopper" })).counts).toEqual({ draft: 1 });
  });

  it("pages with a keyset: every application once, in order, whatever the page size", async () => {
    const seen: string[] = [];
    for (let after: string | undefined = undefined, i = 0; i < 20; i++) {
      const p = await queuePage(
        world.deps.db,
        world.deps.keys,
        { ...queueParamsSchema.parse({ sort: "created_asc" }), after },
        STAFF,
        new Date(),
        24,
      );
      seen.push(...p.rows.map((r) => r.id));
      if (!p.next) break;
      after = p.next;
    }
    expect(seen.length).toBe(10);
    expect(new Set(seen).size).toBe(10);
  });

  it("after a key rotation the index is rebuilt and search still finds people", async () => {
    const rotated = keyringOf("a new data key of the portal, long enough", "test data encryption key");
    while ((await reindexBatch(world.deps.db, rotated, 4)) > 0);
    const found = await queuePage(world.deps.db, rotated, queueParamsSchema.parse({ q: "lovelace" }), STAFF, new Date(), 24);
    expect(found.rows.map((r) => r.name)).toEqual(["Ada Lovelace"]);
  });
});

import { afterAll, beforeAll, describe, vi } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { createScratchDatabase, postgresTestUrl } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";
import { inboxWriterCases } from "@/lib/webhooks/inbox-writer-cases";

vi.spyOn(console, "warn").mockImplementation(() => undefined);
const pgUrl = postgresTestUrl();

describe.skipIf(!pgUrl)("inbox group commit on Postgres (TEST_DATABASE_URL)", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DbHandle;
  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl as string);
    handle = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });
  inboxWriterCases(() => handle);
});

import { afterAll, beforeAll, describe, vi } from "vitest";
import { openDatabase } from "@/lib/db/open";
import type { DbHandle } from "@/lib/db/types";
import { inboxWriterCases } from "@/lib/webhooks/inbox-writer-cases";

vi.spyOn(console, "warn").mockImplementation(() => undefined);

describe("inbox group commit on PGlite", () => {
  let handle: DbHandle;
  beforeAll(async () => void (handle = await openDatabase({ kind: "pglite", dataDir: undefined })));
  afterAll(async () => handle.close());
  inboxWriterCases(() => handle);
});

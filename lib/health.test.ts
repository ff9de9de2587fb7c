import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { checkHealth } from "@/lib/health";

vi.spyOn(console, "error").mockImplementation(() => undefined);

describe("checkHealth", () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it("is ok with a working PGlite", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    try {
      expect(await checkHealth("sandbox", "pglite", async () => handle)).toEqual({ ok: true, mode: "sandbox", db: "pglite" });
    } finally {
      await handle.close();
    }
  });

  it("names the database when Postgres cannot be reached, without leaking the URL", async () => {
    const url = "postgres://user:hunter2@127.0.0.1:1/nowhere";
    const health = await checkHealth("live", "postgres", () => openDatabase({ kind: "postgres", url }));
    expect(health).toMatchObject({ ok: false, mode: "live", db: "postgres", failing: "db", error: { code: "DATABASE_UNAVAILABLE" } });
    expect(JSON.stringify(health)).not.toContain("hunter2");
  });

  it("names the database when the PGlite folder cannot be opened", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "portal-health-"));
    dirs.push(dir);
    const blocker = path.join(dir, "not-a-folder");
    await writeFile(blocker, "a file where the data folder should be");
    const health = await checkHealth("sandbox", "pglite", () => openDatabase({ kind: "pglite", dataDir: blocker }));
    expect(health).toMatchObject({ ok: false, db: "pglite", failing: "db" });
  });
});

import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countDeliveries } from "@/lib/db/event-deliveries";
import { openDatabase } from "@/lib/db/open";
import { createScratchDatabase, postgresTestUrl } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";
import { deliverDueEvents } from "@/lib/events/runner";
import { startReceiver, type Receiver } from "@/lib/events/testing/receiver";
import { endpointAt, KEY_SECRET, runnerDeps, runUntil, writeEvents } from "@/lib/events/testing/world";
import { waitFor } from "@/test/wait-for";

// A runner in its own process, SIGKILLed while its posts are in flight (no handler runs, as in a crash): the
// events it held are delivered by another runner once its leases run out, each answered 2xx once, in order.

const url = postgresTestUrl();
if (!url) console.log("[lib/events/crash.test.ts] skipped: TEST_DATABASE_URL is not set (the runner process needs Postgres)");

describe.skipIf(!url)("a runner process killed mid-delivery (Postgres)", () => {
  let receiver: Receiver;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: DbHandle;
  beforeAll(async () => {
    receiver = await startReceiver([]);
    scratch = await createScratchDatabase(url ?? "");
    a = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
  });
  afterAll(async () => {
    await receiver?.close();
    await a?.close();
    await scratch?.drop();
  });

  it("loses nothing and has nothing answered 2xx twice", async () => {
    await endpointAt(a.db, receiver);
    const ids = await writeEvents(a.db, "crash", 8, 3);
    // While the doomed runner lives, every post it makes is held and never answered.
    let doomed = true;
    receiver.answer = () => (doomed ? "hang" : 200);
    const dir = path.join(__dirname, "testing");
    const config = JSON.stringify({ url: scratch.url, keySecret: KEY_SECRET, leaseMs: 1_000 });
    const child = spawn(
      process.execPath,
      [
        `--env-file=${path.join(__dirname, "../mail/testing/sender-child.env")}`,
        "--import",
        "tsx",
        path.join(dir, "runner-child.ts"),
        config,
      ],
      { cwd: path.join(__dirname, "../.."), stdio: ["pipe", "pipe", "pipe"] },
    );
    const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
    try {
      await waitFor(async () => receiver.received.length >= 8, { what: "the runner process's first posts", timeoutMs: 30_000 });
    } finally {
      child.kill("SIGKILL");
    }
    expect(await exited).toBe("SIGKILL");
    doomed = false;
    const held = receiver.received.map((r) => r.id);
    // Its claims hold until their lease ends; then this runner takes them and the rest.
    await runUntil(
      () => deliverDueEvents(runnerDeps(a.db)),
      async () => (await countDeliveries(a.db)).pending === 0,
      30_000,
    );
    expect(new Set(receiver.delivered())).toEqual(new Set(ids));
    expect(receiver.deliveredTwice()).toEqual([]);
    expect(ids.filter((id) => held.includes(id))).toHaveLength(8);
    for (let app = 0; app < 8; app++) {
      const mine = ids.slice(app * 3, app * 3 + 3);
      expect(receiver.delivered().filter((id) => mine.includes(id))).toEqual(mine);
    }
  }, 60_000);
});

import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { findMail } from "@/lib/db/mail-outbox";
import { openDatabase } from "@/lib/db/open";
import { createScratchDatabase, postgresTestUrl } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";
import { countingCatcher, type CatcherPoint, type CountingCatcher } from "@/lib/mail/testing/counting-catcher";
import { commitBlocked, KEY_SECRET, leasedMailId, notOnce, queueMany, waitAllSent, waitDelivered } from "@/lib/mail/testing/outbox-world";
import { startSenderProcess, type SenderProcess } from "@/lib/mail/testing/sender-process";
import { waitFor } from "@/test/wait-for";

// A sender process SIGKILLed mid-batch and started again delivers every message exactly once. The kills happen at
// points of the SMTP conversation the catcher stops at, so each test knows which side of the commit it killed on.
// Postgres only: the sender and the test must open the database at the same time.

const url = postgresTestUrl();
if (!url) console.log("[lib/mail/exactly-once.test.ts] skipped: TEST_DATABASE_URL is not set (two processes share one database)");

describe.skipIf(!url)("a sender killed mid-batch (Postgres)", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DbHandle;
  let catcher: CountingCatcher;
  let sender: SenderProcess | undefined;
  let kills = 0;

  let standby: Promise<SenderProcess> | undefined;
  const spawnSender = () =>
    startSenderProcess({
      db: { kind: "postgres", url: scratch.url, poolSize: 2 },
      smtpUrl: catcher.url,
      keySecret: KEY_SECRET,
      leaseMs: 1_000,
    });
  /** A new sender process goes; the one after it is loaded meanwhile (loading is what takes long on a busy machine). */
  const start = async () => {
    sender = await (standby ?? spawnSender());
    standby = spawnSender();
    sender.go();
  };
  const kill = async () => {
    await sender?.kill();
    sender = undefined;
    kills++;
  };
  /** Stops the catcher at `point`, runs `then` (a kill), and answers the sender afterwards. */
  const holdAt = (want: (p: CatcherPoint) => boolean, then: (p: CatcherPoint) => Promise<void>) => {
    catcher.hold = (p) => {
      if (!want(p)) return undefined;
      catcher.hold = () => undefined;
      return then(p);
    };
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(url!);
    handle = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
    catcher = await countingCatcher();
  });
  // Each test begins with no sender running.
  afterEach(async () => {
    await sender?.kill();
    sender = undefined;
  });
  afterAll(async () => {
    await sender?.kill();
    await (await standby)?.kill();
    await catcher?.close();
    await handle?.close();
    await scratch?.drop();
  });

  it("300 messages, killed at a MAIL FROM and again after a final '.': each delivered once", async () => {
    const ids = await queueMany(handle.db, 300, "batch");
    const [mail0, dot0, kills0] = [catcher.delivered(), catcher.delivered(), kills];
    holdAt((p) => p.at === "mail" && p.n > mail0 + 60, kill);
    await start();
    await waitFor(() => kills === kills0 + 1, { timeoutMs: 30_000, what: "the first kill" });
    holdAt((p) => p.at === "dot" && p.n >= dot0 + 180, kill);
    await start();
    await waitFor(() => kills === kills0 + 2, { timeoutMs: 30_000, what: "the second kill" });
    await start();
    await waitAllSent(handle.db);
    await waitDelivered(catcher, ids);
    expect(notOnce(catcher, ids)).toEqual([]);
  }, 90_000);

  it("(a) killed while the server holds a message's answer: recorded sent before its '.', never sent again", async () => {
    const ids = await queueMany(handle.db, 5, "held");
    let held: string | undefined;
    holdAt(
      (p) => p.at === "dot" && p.id === ids[2],
      async (p) => {
        if (p.at === "dot") held = p.id;
        await kill();
      },
    );
    await start();
    await waitFor(() => held, { timeoutMs: 30_000, what: "the third message's final '.'" });
    expect(await findMail(handle.db, held!)).toMatchObject({ state: "sent" });
    await start();
    await waitAllSent(handle.db);
    await waitDelivered(catcher, ids);
    expect(notOnce(catcher, ids)).toEqual([]);
  }, 60_000);

  it("(b) killed while its commit waits, the data half sent: the server drops it, the next sender delivers it once", async () => {
    const ids = await queueMany(handle.db, 5, "stalled");
    const abandoned0 = catcher.abandoned();
    let release: () => void = () => undefined;
    let locked: Promise<void> | undefined;
    holdAt(
      (p) => p.at === "mail" && catcher.counts.has(ids[1]!),
      async () => {
        // The third message is claimed; a row lock of ours makes its commit (markMailSent) wait.
        const id = await leasedMailId(handle.db);
        let onLocked: () => void = () => undefined;
        const taken = new Promise<void>((resolve) => (onLocked = resolve));
        locked = handle.db.transaction(async (tx) => {
          await tx.execute(sql`select id from mail_outbox where id = ${id} for update`);
          onLocked();
          await new Promise<void>((resolve) => (release = resolve));
        });
        await taken;
      },
    );
    await start();
    await waitFor(() => commitBlocked(handle.db), { timeoutMs: 30_000, what: "the sender's commit waiting for the lock" });
    await kill();
    await waitFor(() => catcher.abandoned() > abandoned0, { timeoutMs: 30_000, what: "the server dropping the unfinished message" });
    release();
    await locked;
    await start();
    await waitAllSent(handle.db);
    await waitDelivered(catcher, ids);
    expect(notOnce(catcher, ids)).toEqual([]);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyringOf } from "@/lib/crypto/secret-box";
import { countOutbox } from "@/lib/db/mail-outbox";
import { postgresTestUrl, usePostgresInstances } from "@/lib/db/testing";
import type { Database } from "@/lib/db/types";
import { sendDueMail, type SenderDeps } from "@/lib/mail/sender";
import { sendPass } from "@/lib/mail/sender-pass";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";
import { countingCatcher, type CountingCatcher } from "@/lib/mail/testing/counting-catcher";
import { KEY_SECRET, notOnce, queueMany, waitAllSent } from "@/lib/mail/testing/outbox-world";
import { waitFor } from "@/test/wait-for";

// Two portal instances (a pool each) sending from one outbox toward one server: each message once, whether they
// send side by side (SKIP LOCKED, the lease, the commit conditional on the claim) or take turns (the worker's lock).

const url = postgresTestUrl();
if (!url) console.log("[lib/mail/two-instances.test.ts] skipped: TEST_DATABASE_URL is not set (two instances share one Postgres)");

describe.skipIf(!url)("two instances sending from one outbox (Postgres)", () => {
  const instances = usePostgresInstances({ poolSize: 4 });
  let catcher: CountingCatcher;
  beforeAll(async () => void (catcher = await countingCatcher()));
  afterAll(() => catcher?.close());

  const depsOf = (db: Database, leaseMs: number): SenderDeps => ({
    db,
    keys: keyringOf(KEY_SECRET),
    now: () => new Date(),
    settings: TEST_MAIL_SETTINGS,
    smtpUrl: catcher.url,
    leaseMs,
    retryBaseMs: 10,
  });
  /** Runs `pass` until nothing is pending (the other instance may hold the last messages for a while). */
  const untilAllSent = async (db: Database, pass: () => Promise<number>) => {
    let sent = 0;
    while ((await countOutbox(db)).pending > 0) {
      const taken = await pass();
      sent += taken;
      if (taken === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return sent;
  };

  it("side by side over 400 messages, with leases short enough that a slow send is taken over: each delivered once", async () => {
    const [a, b] = instances();
    const ids = await queueMany(a.db, 400, "pair");
    // 300 ms: a send slowed down by the busy machine now and then loses its claim; the conditional commit decides.
    const taken = await Promise.all([a, b].map((h) => untilAllSent(h.db, () => sendDueMail(depsOf(h.db, 300), 10))));
    await waitAllSent(a.db);
    console.log(`[two instances] side by side: ${taken[0]} and ${taken[1]} messages taken (takeovers count twice)`);
    expect(notOnce(catcher, ids)).toEqual([]);
  }, 60_000);

  it("a claim whose lease ran out is taken over; the first sender's commit then fails and it drops its message", async () => {
    const [a, b] = instances();
    const ids = await queueMany(a.db, 1, "takeover");
    const abandoned = catcher.abandoned();
    // A stops at its MAIL FROM; B takes the message once A's 200 ms lease ran out, and delivers it.
    catcher.hold = () => {
      catcher.hold = () => undefined;
      return (async () => {
        while ((await sendDueMail(depsOf(b.db, 60_000), 1)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      })();
    };
    expect(await sendDueMail(depsOf(a.db, 200), 1)).toBe(1);
    await waitFor(() => catcher.abandoned() === abandoned + 1, { what: "the server dropping A's unfinished message" });
    expect(notOnce(catcher, ids)).toEqual([]);
    await waitAllSent(a.db);
  });

  it("the worker's pass: while one instance sends, the other finds the lock taken; each message once", async () => {
    const [a, b] = instances();
    const ids = await queueMany(a.db, 100, "turns");
    let other: Awaited<ReturnType<typeof sendPass>> | undefined;
    // A stops at its first MAIL FROM, inside its pass; B's pass runs meanwhile.
    catcher.hold = (p) => {
      if (p.at !== "mail") return undefined;
      catcher.hold = () => undefined;
      return sendPass("postgres", depsOf(b.db, 60_000)).then((result) => void (other = result));
    };
    expect(await sendPass("postgres", depsOf(a.db, 60_000))).toEqual({ more: true, locked: true });
    expect(other).toEqual({ more: false, locked: false });
    const pass = (db: Database) => async () => ((await sendPass("postgres", depsOf(db, 60_000))).locked ? 1 : 0);
    await Promise.all([untilAllSent(a.db, pass(a.db)), untilAllSent(b.db, pass(b.db))]);
    expect(notOnce(catcher, ids)).toEqual([]);
  }, 60_000);
});

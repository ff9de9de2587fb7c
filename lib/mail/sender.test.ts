import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyringOf } from "@/lib/crypto/secret-box";
import { claimNextMail, findMail, markMailSent } from "@/lib/db/mail-outbox";
import type { DbHandle } from "@/lib/db/types";
import { queueMail } from "@/lib/mail/queue";
import { sendDueMail, type SenderDeps } from "@/lib/mail/sender";
import { sendPass } from "@/lib/mail/sender-pass";
import { scriptedSmtpServer, silentAfterDotServer, TEST_MAIL_SETTINGS } from "@/lib/mail/testing";
import { CATCHER_BOUNCE_DOMAIN, startMailCatcher, type Catcher } from "@/lib/sandbox/mail/catcher";
import { readCaughtMessage } from "@/lib/sandbox/mail/inbox";
import { countCaughtByOutboxId, listCaughtMail } from "@/lib/sandbox/store/mail";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";

const keys = keyringOf("mail sender test key");
let handle: DbHandle;
let catcher: Catcher;
let clock = new Date("2026-11-26T10:00:00Z");
const deps = (smtpUrl: string): SenderDeps => ({
  db: handle.db,
  keys,
  now: () => clock,
  settings: TEST_MAIL_SETTINGS,
  smtpUrl,
  retryBaseMs: 1000,
});
const link = "http://portal.test/apply/resume/" + "R".repeat(43);

const queue = (to: string, extra: { dedupeKey?: string } = {}) =>
  queueMail(
    handle.db,
    TEST_MAIL_SETTINGS,
    { kind: "resume_link", locale: "en", to, ring: keys, params: { link, expires: "2026-12-10T10:00:00Z" }, ...extra },
    clock,
  );

beforeAll(async () => {
  handle = await openSandboxDatabase();
  catcher = await startMailCatcher(handle.db);
});
afterAll(async () => {
  await catcher.close();
  await handle.close();
});

describe("the mail sender", () => {
  it("delivers a queued message once through SMTP, HTML and plain text with the same link, then drops its payload", async () => {
    const row = await queue("ann@applicant.example");
    expect(row).toMatchObject({
      state: "pending",
      recipientMasked: "a•••@applicant.example",
      subject: "Continue your card application with Example Cards",
    });
    expect(row?.payloadSealed).not.toContain("ann@");
    expect(await sendDueMail(deps(catcher.url))).toBe(1);
    expect(await sendDueMail(deps(catcher.url))).toBe(0);
    const sent = await findMail(handle.db, row!.id);
    expect(sent).toMatchObject({ state: "sent", payloadSealed: null, messageId: `<${row!.id}@merchant.example>` });
    expect(await countCaughtByOutboxId(handle.db, row!.id)).toBe(1);
    const [caught] = await listCaughtMail(handle.db, "ann@applicant.example", 5);
    expect(caught?.subject).toBe(sent?.subject);
    const message = await readCaughtMessage(handle.db, caught!.id);
    expect(message?.from).toBe('"Example Cards" <cards@merchant.example>');
    expect(message?.links).toEqual([link]);
    expect(message?.text).toContain(link);
  });

  it("queues nothing twice under one dedupe key, and nothing at all when mail is disabled", async () => {
    expect(await queue("bob@applicant.example", { dedupeKey: "once" })).toBeDefined();
    expect(await queue("bob@applicant.example", { dedupeKey: "once" })).toBeUndefined();
    const off = await queueMail(
      handle.db,
      { ...TEST_MAIL_SETTINGS, enabled: false },
      { kind: "resume_link", locale: "en", to: "x@applicant.example", ring: keys, params: { link, expires: clock.toISOString() } },
      clock,
    );
    expect(off).toBeUndefined();
    await sendDueMail(deps(catcher.url));
  });

  it("parks a message whose recipient the server refuses (5xx at RCPT) as a bad address, with no address in the error", async () => {
    const server = await scriptedSmtpServer({
      onRcptTo: (address, _s, cb) =>
        cb(Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 })),
    });
    try {
      const row = await queue("nobody@applicant.example");
      await sendDueMail(deps(server.url));
      const failed = await findMail(handle.db, row!.id);
      expect(failed).toMatchObject({ state: "failed", failure: "address" });
      expect(failed?.lastError).toContain("550");
      expect(failed?.lastError).not.toContain("nobody@");
      expect(failed?.payloadSealed).not.toBeNull(); // kept for a resend after the address is corrected
      expect(server.received).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it("parks a message to the sandbox catcher's bounce domain as a bad address, as a real server's refusal", async () => {
    const row = await queue(`nobody@${CATCHER_BOUNCE_DOMAIN}`);
    await sendDueMail(deps(catcher.url));
    expect(await findMail(handle.db, row!.id)).toMatchObject({ state: "failed", failure: "address" });
    expect((await findMail(handle.db, row!.id))?.lastError).toContain("550");
    expect(await countCaughtByOutboxId(handle.db, row!.id)).toBe(0);
  });

  it("tries again later after a temporary refusal (4xx) or an unreachable server, and delivers once it works", async () => {
    const server = await scriptedSmtpServer({
      onData: (s, _x, cb) => (s.resume(), s.on("end", () => cb(Object.assign(new Error("busy"), { responseCode: 451 })))),
    });
    const row = await queue("carl@applicant.example");
    await sendDueMail(deps(server.url));
    await server.close();
    let mail = await findMail(handle.db, row!.id);
    expect(mail).toMatchObject({ state: "pending", failure: "server", attempts: 1 });
    expect(mail!.nextAttemptAt.getTime()).toBe(clock.getTime() + 1000);
    expect(await sendDueMail(deps("smtp://127.0.0.1:1"))).toBe(0); // not due yet
    clock = new Date(clock.getTime() + 1000);
    await sendDueMail(deps("smtp://127.0.0.1:1")); // nothing listens there
    mail = await findMail(handle.db, row!.id);
    expect(mail).toMatchObject({ state: "pending", attempts: 2 });
    clock = new Date(clock.getTime() + 2000);
    await sendDueMail(deps(catcher.url));
    expect(await findMail(handle.db, row!.id)).toMatchObject({ state: "sent" });
    expect(await countCaughtByOutboxId(handle.db, row!.id)).toBe(1);
  });

  it("keeps a message sent when the connection drops after its final '.' (the server may have it): never sent twice", async () => {
    const server = await silentAfterDotServer();
    try {
      const row = await queue("dora@applicant.example");
      expect(await sendDueMail(deps(server.url))).toBe(1);
      expect(server.messages()).toBe(1);
      expect(await findMail(handle.db, row!.id)).toMatchObject({ state: "sent", payloadSealed: null });
      clock = new Date(clock.getTime() + 3_600_000);
      expect(await sendDueMail(deps(server.url))).toBe(0);
      expect(server.messages()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("clears the payload a sender killed after its '.' left on a sent row, once the row is old enough", async () => {
    const row = await queue("erin@applicant.example");
    const claimed = await claimNextMail(handle.db, clock, 60_000);
    expect(claimed?.id).toBe(row!.id);
    expect(await markMailSent(handle.db, row!.id, claimed!.attempts, "<erin@merchant.example>", clock)).toBe(true); // then it died
    clock = new Date(clock.getTime() + 5 * 60_000);
    await sendPass("pglite", deps(catcher.url));
    expect((await findMail(handle.db, row!.id))?.payloadSealed).not.toBeNull(); // its sender might still be at work
    clock = new Date(clock.getTime() + 11 * 60_000);
    await sendPass("pglite", deps(catcher.url));
    expect(await findMail(handle.db, row!.id)).toMatchObject({ state: "sent", payloadSealed: null });
  });
});

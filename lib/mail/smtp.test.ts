import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpSession } from "@/lib/mail/smtp";
import { scriptedSmtpServer, type ScriptedServer } from "@/lib/mail/testing";

// The property the outbox relies on: the server takes a message only after `commit` said yes.

let server: ScriptedServer;
beforeAll(async () => void (server = await scriptedSmtpServer()));
afterAll(() => server.close());

const envelope = { from: "cards@merchant.example", to: ["ann@applicant.example"] };
const raw = (n: number) => Buffer.from(`Subject: message ${n}\r\n\r\n${"line\r\n".repeat(2000)}.leading dot\r\n`);

describe("SmtpSession.send", () => {
  it("delivers after a commit that says yes, with dot-stuffed content intact", async () => {
    const session = await SmtpSession.open(server.url, "portal.test");
    let committedAt = -1;
    const outcome = await session.send(envelope, raw(1), async () => {
      committedAt = server.received.length;
      return true;
    });
    session.close();
    expect(outcome).toMatchObject({ ok: true });
    expect(committedAt).toBe(0); // the server had not taken it when the outbox said sent
    expect(server.received.at(-1)).toContain("Subject: message 1");
    expect(server.received.at(-1)).toContain("\n.leading dot");
  });

  it("never delivers when the commit says no or fails (another sender took it, the database went away)", async () => {
    const before = server.received.length;
    for (const commit of [async () => false, async () => Promise.reject(new Error("database unavailable"))]) {
      const session = await SmtpSession.open(server.url, "portal.test");
      const outcome = await session.send(envelope, raw(2), commit);
      expect(outcome).toMatchObject({ ok: false, committed: false });
      expect(session.usable).toBe(false);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.received.length).toBe(before);
  });

  it("reports an unreachable server as an error, not a hang", async () => {
    await expect(SmtpSession.open("smtp://127.0.0.1:1", "portal.test")).rejects.toThrow();
  });
});

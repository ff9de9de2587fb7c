import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { createServer, type AddressInfo } from "node:net";
import type { MailSettings } from "@/lib/mail/settings";

// Test pieces: settings as a merchant would configure them, and a bare SMTP server whose answers a test chooses.

export const TEST_MAIL_SETTINGS: MailSettings = {
  enabled: true,
  from: "Example Cards <cards@merchant.example>",
  appUrl: "http://portal.test",
  ctx: {
    merchant: "Example Cards",
    support: { url: "https://merchant.example/help", email: "help@merchant.example" },
    merchantAppUrl: "https://app.merchant.example/cards",
  },
};

export type ScriptedServer = { url: string; received: string[]; close: () => Promise<void> };

/** An SMTP server on loopback that keeps what it accepted; `options` may refuse recipients or data. */
export async function scriptedSmtpServer(options: Partial<SMTPServerOptions> = {}): Promise<ScriptedServer> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A server that takes each message in full and then drops the connection without answering (a crash, a timeout
 * after the final "."): whether it kept the message, the sender cannot know. Counts the messages it saw end.
 */
export async function silentAfterDotServer(): Promise<{ url: string; messages: () => number; close: () => Promise<void> }> {
  let messages = 0;
  const server = createServer((socket) => {
    let data = false;
    let buffered = "";
    socket.write("220 silent\r\n");
    socket.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("latin1");
      for (let at = buffered.indexOf("\r\n"); at >= 0 && !socket.destroyed; at = buffered.indexOf("\r\n")) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 2);
        if (data && line === ".") {
          messages++;
          socket.destroy();
        } else if (!data && /^DATA$/i.test(line)) {
          data = true;
          socket.write("354 go ahead\r\n");
        } else if (!data) socket.write(/^EHLO/i.test(line) ? "250-silent\r\n250 8BITMIME\r\n" : "250 ok\r\n");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import "server-only";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Database } from "@/lib/db/types";
import { log } from "@/lib/log";
import { storeCaughtMail } from "@/lib/sandbox/store/mail";

// The mail catcher of sandbox mode: a real SMTP server on loopback that accepts every message (but those to the
// bounce domain) and keeps it in the
// sandbox's tables, so `/sandbox/mail` shows what the portal sent without any mail account. Never on the network.

/** Messages above this are refused (552), as a real server with a size limit would. */
export const CATCHER_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Recipients at this domain are refused at RCPT (550 5.1.1), as a real server refuses an unknown mailbox: in sandbox
 * mode the "bad address" path (the outbox's failed tab, the timeline, "Resend") can be seen and tested.
 */
export const CATCHER_BOUNCE_DOMAIN = "bounce.example";

export type Catcher = { url: string; close: () => Promise<void> };

/** What the inbox lists: decoded as a mail client would (subjects are MIME-encoded outside ASCII). */
async function summaryOf(raw: string) {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const outboxId = parsed.headers.get("x-portal-mail-id");
  return { messageId: parsed.messageId ?? null, outboxId: typeof outboxId === "string" ? outboxId : null, subject: parsed.subject ?? "" };
}

/** Starts the catcher on 127.0.0.1 (a free port unless given); answers its smtp:// address. */
export async function startMailCatcher(db: Database, port = 0): Promise<Catcher> {
  const server = new SMTPServer({
    name: "sandbox-mail-catcher",
    banner: "Card portal sandbox mail catcher",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: CATCHER_MAX_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith(`@${CATCHER_BOUNCE_DOMAIN}`)) return callback();
      callback(Object.assign(new Error("5.1.1 The mailbox does not exist"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error("Message too big"), { responseCode: 552 }));
        const raw = Buffer.concat(chunks).toString("utf8");
        summaryOf(raw)
          .then((summary) =>
            storeCaughtMail(db, {
              ...summary,
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              raw,
            }),
          )
          .then(
            () => callback(),
            (error: unknown) => {
              log.error("sandbox.mail_catcher_store_failed", { reason: error instanceof Error ? error.message : String(error) });
              callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
            },
          );
      });
    },
  });
  server.on("error", (error) => log.error("sandbox.mail_catcher_error", { reason: error.message }));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

import "server-only";
import { Readable } from "node:stream";
import SMTPConnection from "nodemailer/lib/smtp-connection";

// One SMTP connection, and the one way a message leaves: the envelope, the message's bytes, then `commit` (the
// outbox marks it sent), and only then the final "." that makes the server take it. A crash before the commit
// leaves an unfinished message the server throws away (sent again later); after it, the message is recorded as sent.

export type SmtpError = { code: number | undefined; command: string | undefined; message: string };
export type SendOutcome =
  /** `unconfirmed`: the connection failed after the final "." left, so the server may have it: kept as sent. */
  | { ok: true; response: string; unconfirmed?: SmtpError }
  /** `committed`: the outbox said sent before the server answered (a refusal after the data must undo it). */
  | { ok: false; committed: boolean; error: SmtpError };

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const errorOf = (err: SMTPConnection.SMTPError | Error | undefined): SmtpError => {
  const e = err as SMTPConnection.SMTPError | undefined;
  // Servers echo the recipient in their answers ("<ann@example.com>: unknown user"): kept out of the outbox and logs.
  const message = (e?.message ?? "unknown error").replace(/\s+/g, " ").replace(/[^\s<>]+@[^\s<>]+/g, "<address>");
  return { code: e?.responseCode, command: e?.command, message: message.slice(0, 300) };
};

/**
 * Nagle's algorithm holds the final "." (a write of its own) until the server acknowledges the message's last bytes,
 * which a server delays up to 40 ms: every message waited for it. nodemailer has no option for it, hence its socket.
 */
function noDelay(connection: SMTPConnection) {
  (connection as unknown as { _socket?: { setNoDelay?: (on: boolean) => unknown } })._socket?.setNoDelay?.(true);
}

export class SmtpSession {
  private closed = false;

  private constructor(private readonly connection: SMTPConnection) {
    connection.once("end", () => (this.closed = true));
  }

  /** Connects (TLS for smtps://, STARTTLS when offered) and signs in with the URL's user and password. */
  static async open(url: string, clientName: string): Promise<SmtpSession> {
    const u = new URL(url);
    const secure = u.protocol === "smtps:";
    const connection = new SMTPConnection({
      host: u.hostname,
      port: Number(u.port) || (secure ? 465 : 587),
      secure,
      name: clientName,
      ...TIMEOUTS,
    });
    // A failed connect is only emitted as an event; later errors also reach the callbacks of login and send.
    const failed = new Promise<never>((_, reject) => connection.once("error", reject));
    failed.catch(() => undefined);
    connection.on("error", () => undefined);
    await Promise.race([new Promise<void>((resolve, reject) => connection.connect((err) => (err ? reject(err) : resolve()))), failed]);
    if (u.username) {
      const credentials = { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) };
      await Promise.race([
        new Promise<void>((resolve, reject) => connection.login({ credentials }, (err) => (err ? reject(err) : resolve()))),
        failed,
      ]);
    }
    noDelay(connection);
    return new SmtpSession(connection);
  }

  /**
   * Sends one message. `commit` runs once the server accepted the envelope and the bytes are flowing; false (or a
   * throw) abandons the message without its final "." and closes the connection, so the server never delivers it.
   */
  async send(envelope: { from: string; to: string[] }, raw: Buffer, commit: () => Promise<boolean>): Promise<SendOutcome> {
    let signal: (phase: "data" | "done") => void = () => undefined;
    const phase = new Promise<"data" | "done">((resolve) => (signal = resolve));
    let started = false;
    const body = new Readable({
      read() {
        if (started) return;
        started = true;
        signal("data");
        this.push(raw);
      },
    });
    const done = new Promise<{ err: SMTPConnection.SMTPError | null; response?: string }>((resolve) => {
      const settle = (err: SMTPConnection.SMTPError | null, response?: string) => {
        this.connection.off("error", lost).off("end", lost);
        signal("done");
        resolve({ err, response });
      };
      // A dropped connection or a timeout is only emitted as an event, never given to send's callback: without
      // this the send (and with it the sender's loop) waited forever.
      const lost = (err?: Error) => settle(Object.assign(err ?? new Error("connection closed"), { responseCode: undefined }));
      this.connection.once("error", lost).once("end", lost);
      this.connection.send(envelope, body, (err, info) => settle(err, info?.response));
    });
    // The envelope was refused (a bad recipient, a full mailbox): nothing was sent, nothing to commit.
    if ((await phase) === "done") return { ok: false, committed: false, error: errorOf((await done).err ?? undefined) };
    let committed = false;
    try {
      committed = await commit();
    } catch (error) {
      this.abandon();
      return { ok: false, committed: false, error: errorOf(error instanceof Error ? error : undefined) };
    }
    if (!committed) {
      this.abandon();
      return { ok: false, committed: false, error: { code: undefined, command: undefined, message: "taken by another sender" } };
    }
    let dotSent = false;
    body.once("end", () => (dotSent = true)); // nodemailer then writes the final "."
    body.push(null);
    const result = await done;
    if (!result.err) return { ok: true, response: result.response ?? "" };
    // No answer after the "." (a timeout, a dropped connection) is no refusal: sending again could deliver it twice.
    if (dotSent && result.err.responseCode === undefined) return { ok: true, response: "", unconfirmed: errorOf(result.err) };
    return { ok: false, committed: true, error: errorOf(result.err) };
  }

  /** Ends the connection mid-message: the server discards what it has not seen finished. */
  private abandon() {
    this.closed = true;
    this.connection.close();
  }

  /** False once the connection ended (abandoned, timed out, closed by the server): open another. */
  get usable(): boolean {
    return !this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.connection.quit();
  }
}

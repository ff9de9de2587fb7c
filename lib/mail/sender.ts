import "server-only";
import { readingKeyring } from "@/lib/crypto/data-keys";
import { keyDestroyed, open, type Keyring } from "@/lib/crypto/secret-box";
import { findApplication } from "@/lib/db/applications";
import { cancelMail, claimNextMail, dropSentPayloads, failMail, markMailSent, type MailFailure } from "@/lib/db/mail-outbox";
import type { MailKind, MailRow } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { isLocale } from "@/lib/i18n/config";
import { log } from "@/lib/log";
import { composeMail, messageIdOf } from "@/lib/mail/compose";
import type { MailParams } from "@/lib/mail/messages";
import { renderMail } from "@/lib/mail/render";
import { addressOf, type MailSettings } from "@/lib/mail/settings";
import { SmtpSession, type SendOutcome, type SmtpError } from "@/lib/mail/smtp";

// The sender: takes due messages one by one, renders them and hands them to the SMTP server, recording each
// outcome. Never sent twice: a message is marked sent before its final "." (lib/mail/smtp.ts), and only by the
// sender whose claim still holds.

/** A message that keeps failing without a verdict is tried this often (30 s, doubling to 1 h), then parked. */
export const MAX_MAIL_ATTEMPTS = 8;
export const MAIL_BATCH = 50;
const LEASE_MS = 60_000;

export const mailRetryDelayMs = (attempt: number, baseMs = 30_000) => Math.min(baseMs * 2 ** (attempt - 1), 3_600_000);

export type SenderDeps = {
  db: Database;
  keys: Keyring;
  now: () => Date;
  settings: MailSettings;
  smtpUrl: string;
  retryBaseMs?: number;
  /** How long a claim holds (default 60 s): tests of a crashed sender take its messages over sooner. */
  leaseMs?: number;
};

type Payload = { to: string; params: MailParams[MailKind] };

/** One pass: sends up to `limit` due messages over one connection. Answers how many it took. */
export async function sendDueMail(deps: SenderDeps, limit = MAIL_BATCH): Promise<number> {
  let session: SmtpSession | undefined;
  let taken = 0;
  // Their payloads go in one write at the end of the pass (a crash before it: dropStaleSentPayloads).
  const sent: string[] = [];
  try {
    while (taken < limit) {
      const row = await claimNextMail(deps.db, deps.now(), deps.leaseMs ?? LEASE_MS);
      if (!row) break;
      taken++;
      const prepared = await prepare(deps, row);
      if (!prepared) continue;
      try {
        if (!session?.usable) session = await SmtpSession.open(deps.smtpUrl, hostOf(deps.settings.appUrl));
      } catch (error) {
        // The server cannot be reached: this message waits, and so does the rest of the batch.
        await retryOrPark(deps, row, { code: undefined, command: "CONN", message: messageOf(error) }, false);
        break;
      }
      const messageId = messageIdOf(row.id, deps.settings.from);
      const outcome = await session.send({ from: prepared.from, to: [prepared.to] }, prepared.raw, () =>
        markMailSent(deps.db, row.id, row.attempts, messageId, deps.now()),
      );
      if (await record(deps, row, outcome)) sent.push(row.id);
    }
  } finally {
    session?.close();
    await dropSentPayloads(deps.db, sent);
  }
  return taken;
}

/** Opens, checks and renders a taken message; undefined when it is not to be sent (and that was recorded). */
async function prepare(deps: SenderDeps, row: MailRow): Promise<{ to: string; from: string; raw: Buffer } | undefined> {
  const now = deps.now();
  if (row.applicationId && row.onlyInStates) {
    const app = await findApplication(deps.db, row.applicationId);
    if (!app || app.erasedAt || !row.onlyInStates.includes(app.state)) {
      await cancelMail(deps.db, row.id, `no longer due: the application is ${app?.erasedAt ? "erased" : (app?.state ?? "gone")}`, now);
      return undefined;
    }
  }
  if (!row.payloadSealed) {
    await failMail(deps.db, row.id, "nothing to send: the message's content was removed", "erased", undefined, now);
    return undefined;
  }
  const ring = await readingKeyring(deps.keys, deps.db, [row.payloadSealed]);
  if (keyDestroyed(row.payloadSealed, ring)) {
    await failMail(deps.db, row.id, "erased: the application's data key was destroyed", "erased", undefined, now);
    return undefined;
  }
  try {
    const payload = JSON.parse(open(row.payloadSealed, ring)) as Payload;
    const locale = isLocale(row.locale) ? row.locale : "en";
    const rendered = await renderMail({ kind: row.kind, locale, params: payload.params }, deps.settings.ctx);
    const raw = await composeMail({ outboxId: row.id, from: deps.settings.from, to: payload.to, rendered, date: now });
    return { to: payload.to, from: addressOf(deps.settings.from), raw };
  } catch (error) {
    log.error("mail.render_failed", { mail_id: row.id, kind: row.kind, reason: messageOf(error) });
    await failMail(deps.db, row.id, `could not be rendered: ${messageOf(error)}`, "content", undefined, now);
    return undefined;
  }
}

/** Logs the outcome and records a failure; answers true when the message went. */
async function record(deps: SenderDeps, row: MailRow, outcome: SendOutcome): Promise<boolean> {
  if (outcome.ok) {
    if (outcome.unconfirmed) log.warn("mail.sent_unconfirmed", { mail_id: row.id, kind: row.kind, reason: outcome.unconfirmed.message });
    else log.info("mail.sent", { mail_id: row.id, kind: row.kind, attempt: row.attempts });
    return true;
  }
  if (outcome.error.message !== "taken by another sender") await retryOrPark(deps, row, outcome.error, outcome.committed);
  return false;
}

/** 5xx is a verdict (parked: the address at RCPT, the message or server otherwise); anything else is tried again. */
async function retryOrPark(deps: SenderDeps, row: MailRow, error: SmtpError, committed: boolean) {
  const permanent = error.code !== undefined && error.code >= 500;
  const failure: MailFailure =
    permanent && error.command === "RCPT TO" ? "address" : permanent && error.command !== "CONN" ? "content" : "server";
  const parked = permanent || row.attempts >= MAX_MAIL_ATTEMPTS;
  const retryAt = parked ? undefined : new Date(deps.now().getTime() + mailRetryDelayMs(row.attempts, deps.retryBaseMs));
  const text = [error.code, error.command, error.message].filter(Boolean).join(" ");
  log.warn(parked ? "mail.parked" : "mail.retry", { mail_id: row.id, kind: row.kind, attempt: row.attempts, reason: text });
  await failMail(deps.db, row.id, text, failure, retryAt, deps.now(), committed ? ["sent"] : ["pending"]);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);
const hostOf = (appUrl: string) => new URL(appUrl).hostname || "localhost";

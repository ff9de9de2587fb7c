import "server-only";
import {
  deleteAbandonedDrafts,
  deleteSignInAttempts,
  dropFinishedAnswers,
  RETENTION_BATCH,
  reduceTransactionDetails,
  reduceUpstreamLogs,
  reduceWebhookBodies,
  scrubErasedLeftovers,
  scrubErasedTransactions,
  tryTransactionLock,
} from "@/lib/db/retention";
import { deleteOldEvents } from "@/lib/db/event-outbox";
import { deleteOldMail } from "@/lib/db/mail-outbox";
import type { Database } from "@/lib/db/types";
import { destroyOwnerKeys, keyOwners } from "@/lib/crypto/data-keys";
import type { Keyring } from "@/lib/crypto/secret-box";
import { THROTTLE } from "@/lib/auth/throttle";

// The retention rules (docs/privacy.md): what the portal stops keeping, and when. One transaction under an
// advisory lock, so two instances never purge at once and a crash leaves all or nothing.

export type RetentionPolicy = { draftDays: number; logDays: number; applicationDays: number };

export type RetentionReport = {
  /** False when another instance held the lock: this run did nothing. */
  ran: boolean;
  /** A rule stopped at RETENTION_BATCH applications: more are due, for the next run. */
  more: boolean;
  draftsDeleted: number;
  answersDropped: number;
  upstreamLogsReduced: number;
  webhookBodiesReduced: number;
  /** Card authorizations that lost their merchant and other personal details (LOG_RETENTION_DAYS). */
  transactionDetailsReduced: number;
  signInAttemptsDeleted: number;
  /** Webhook events about an erased applicant that arrived after the erasure. */
  erasedLeftoversScrubbed: number;
  /** Card authorizations of an erased applicant whose details were still there. */
  erasedTransactionsScrubbed: number;
  /** Emails settled (sent, failed, cancelled) before LOG_RETENTION_DAYS (a sent one's payload went when it was sent). */
  mailDeleted: number;
  /** Outbound events (with their deliveries and attempts) written before LOG_RETENTION_DAYS. */
  eventsDeleted: number;
};

const LOCK_KEY = 0x5e7e_7a11;
const DAY_MS = 86_400_000;
const EMPTY: RetentionReport = {
  ran: false,
  more: false,
  draftsDeleted: 0,
  answersDropped: 0,
  upstreamLogsReduced: 0,
  webhookBodiesReduced: 0,
  transactionDetailsReduced: 0,
  signInAttemptsDeleted: 0,
  erasedLeftoversScrubbed: 0,
  erasedTransactionsScrubbed: 0,
  mailDeleted: 0,
  eventsDeleted: 0,
};

/** Thrown inside the transaction of a dry run so that it rolls back after counting. */
class DryRun extends Error {
  constructor(readonly report: RetentionReport) {
    super("dry run");
  }
}

/** The day edge: data whose last activity is at or before it qualifies (0 days: everything up to now). */
export const cutoffOf = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Sign-in attempts stay at least as long as the throttle reads them (an address is trusted for 30 days after a
 * success): a shorter LOG_RETENTION_DAYS would otherwise wipe the failures and switch the throttle off.
 */
export const signInAttemptsCutoff = (now: Date, logDays: number) =>
  new Date(Math.min(cutoffOf(now, logDays).getTime(), now.getTime() - THROTTLE.trustedForMs));

/**
 * Applies every rule once (the applications' two up to `batch` each; `more` says some are left); `dryRun` counts what would go and changes nothing. `keys`: the process's ring, whose
 * store holds the data keys of the drafts deleted (unset: a table of the database, as in tests).
 */
export async function applyRetention(
  db: Database,
  policy: RetentionPolicy,
  now: Date,
  options: { dryRun?: boolean; keys?: Keyring; batch?: number } = {},
): Promise<RetentionReport> {
  const batch = options.batch ?? RETENTION_BATCH;
  try {
    return await db.transaction(async (tx) => {
      if (!(await tryTransactionLock(tx, LOCK_KEY))) return EMPTY;
      const logs = cutoffOf(now, policy.logDays);
      const drafts = await deleteAbandonedDrafts(tx, cutoffOf(now, policy.draftDays), batch);
      const answersDropped = await dropFinishedAnswers(tx, cutoffOf(now, policy.applicationDays), now, batch);
      const report: RetentionReport = {
        ran: true,
        more: drafts.length >= batch || answersDropped >= batch,
        draftsDeleted: drafts.length,
        answersDropped,
        upstreamLogsReduced: await reduceUpstreamLogs(tx, logs),
        webhookBodiesReduced: await reduceWebhookBodies(tx, logs),
        transactionDetailsReduced: await reduceTransactionDetails(tx, logs),
        signInAttemptsDeleted: await deleteSignInAttempts(tx, signInAttemptsCutoff(now, policy.logDays)),
        erasedLeftoversScrubbed: await scrubErasedLeftovers(tx),
        erasedTransactionsScrubbed: await scrubErasedTransactions(tx),
        mailDeleted: await deleteOldMail(tx, logs),
        eventsDeleted: await deleteOldEvents(tx, logs),
      };
      if (options.dryRun) throw new DryRun(report);
      // The deleted drafts' copies in the WAL stay sealed for good. Past their retention either way: a key
      // destroyed here whose transaction then fails only loses answers that were due to go.
      await destroyOwnerKeys(options.keys, tx, drafts.map(keyOwners.application));
      return report;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.report;
    throw error;
  }
}

/** One line per rule, for `npm run data:purge` and the log. */
export function describeReport(report: RetentionReport, dryRun: boolean): string[] {
  if (!report.ran) return ["another instance is applying the retention rules right now: nothing done"];
  const say = (would: string, did: string) => (dryRun ? `would ${would}` : did);
  return [
    `${say("delete", "deleted")} ${report.draftsDeleted} abandoned draft(s) with their document references`,
    `${say("drop", "dropped")} the answers of ${report.answersDropped} finished application(s)`,
    `${say("reduce", "reduced")} ${report.upstreamLogsReduced} upstream request log(s) to ids, times and outcomes`,
    `${say("reduce", "reduced")} ${report.webhookBodiesReduced} webhook event(s) to ids, types, times and outcomes`,
    `${say("reduce", "reduced")} ${report.transactionDetailsReduced} card transaction(s) to ids, amounts, times and statuses`,
    `${say("delete", "deleted")} ${report.signInAttemptsDeleted} staff sign-in attempt(s)`,
    `${say("empty", "emptied")} ${report.erasedLeftoversScrubbed} webhook event(s) received after an erasure`,
    `${say("reduce", "reduced")} ${report.erasedTransactionsScrubbed} card transaction(s) of erased applicants to clear fields`,
    `${say("delete", "deleted")} ${report.mailDeleted} email(s) of the outbox`,
    `${say("delete", "deleted")} ${report.eventsDeleted} outbound event(s) with their deliveries`,
    ...(report.more
      ? [`at most ${RETENTION_BATCH} applications a rule and run: more are due${dryRun ? "" : ", the next run goes on"}`]
      : []),
  ];
}

import { keyringOf } from "@/lib/crypto/secret-box";
import { openDatabase, type OpenOptions } from "@/lib/db/open";
import { sendDueMail } from "@/lib/mail/sender";
import { sendPass } from "@/lib/mail/sender-pass";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";

// A sender alone in its process, as a portal instance runs it, for the tests that SIGKILL it and for
// bench/mail.mjs. Started by lib/mail/testing/sender-process.ts; its configuration is its one argument (JSON).

export type SenderChildConfig = {
  db: OpenOptions;
  smtpUrl: string;
  /** The secret of the keyring the messages were sealed with (keyringOf). */
  keySecret: string;
  leaseMs: number;
  /** Passes of this many messages through sendDueMail; unset: the worker's own pass (its advisory lock on Postgres). */
  batch?: number;
  /** Prints `{"memory":…}` lines this often (the bench samples the sender's own heap). */
  memoryEveryMs?: number;
  /** Exits once a pass finds nothing due (the bench); otherwise it polls every 20 ms until killed. */
  exitWhenIdle?: boolean;
};

const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function main(config: SenderChildConfig) {
  // Loaded and standing by until told to go: a test starts the next sender before it kills this one.
  print({ ready: process.pid });
  await new Promise((resolve) => process.stdin.once("data", resolve));
  // Its parent went away (a test run that ended badly): no sender is left polling on its own.
  process.stdin.once("end", () => process.exit(0));
  const handle = await openDatabase(config.db);
  const deps = {
    db: handle.db,
    keys: keyringOf(config.keySecret),
    now: () => new Date(),
    settings: TEST_MAIL_SETTINGS,
    smtpUrl: config.smtpUrl,
    leaseMs: config.leaseMs,
    retryBaseMs: 50,
  };
  if (config.memoryEveryMs) {
    const sample = () => print({ memory: process.memoryUsage() });
    sample();
    setInterval(sample, config.memoryEveryMs).unref();
  }
  for (;;) {
    const more = config.batch ? (await sendDueMail(deps, config.batch)) > 0 : (await sendPass(handle.kind, deps)).more;
    if (more) continue;
    if (config.exitWhenIdle) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (config.memoryEveryMs) print({ memory: process.memoryUsage() });
  await handle.close();
  process.exit(0);
}

main(JSON.parse(process.argv[2] ?? "{}") as SenderChildConfig).catch((error: unknown) => {
  print({ failed: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});

import { keyringOf } from "@/lib/crypto/secret-box";
import { recordEvent } from "@/lib/db/event-outbox";
import type { Database } from "@/lib/db/types";
import { createEndpoint } from "@/lib/events/endpoints";
import { deliverDueEvents, type RunnerDeps } from "@/lib/events/runner";
import type { Receiver } from "@/lib/events/testing/receiver";

// Helpers of the outbound events' integration tests: an endpoint at a receiver, synthetic events, a runner with
// retries short enough for a test, and a loop until the receiver has what it should.

export const KEY_SECRET = "events test data encryption key";
export const KEYS = keyringOf(KEY_SECRET);

export function runnerDeps(db: Database, extra: Partial<RunnerDeps> = {}): RunnerDeps {
  return { db, keys: KEYS, mode: "sandbox", now: () => new Date(), retry: { baseMs: 5, capMs: 20, windowMs: 60_000 }, ...extra };
}

/** An endpoint whose secret the receiver verifies with. */
export async function endpointAt(db: Database, receiver: Receiver) {
  const { endpoint, secret } = await createEndpoint({ db, keys: KEYS, mode: "sandbox", now: () => new Date() }, { url: receiver.url });
  receiver.secrets = [secret];
  return { endpoint, secret };
}

/** `count` events of each of `applications` synthetic applications, written one application after another. */
export async function writeEvents(db: Database, prefix: string, applications: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let a = 0; a < applications; a++) {
    for (let n = 0; n < count; n++) {
      const now = new Date();
      const applicationId = `app_${prefix}_${a}`;
      const event = await recordEvent(db, {
        type: "application.submitted",
        applicationId,
        data: { application_id: applicationId, n },
        now,
      });
      ids.push(event.id);
    }
  }
  return ids;
}

/** Runs passes of `pass` until `done` (waiting a little when a pass found nothing due), at most `limitMs`. */
export async function runUntil(pass: () => Promise<number>, done: () => boolean | Promise<boolean>, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("the deliveries did not finish in time");
    if ((await pass()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const runPass = (deps: RunnerDeps) => () => deliverDueEvents(deps);

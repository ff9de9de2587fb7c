// Phase 4: the database ends every connection of the portal's instances every 2 s while onboardings run, as a
// PostgreSQL restart or a failover does. The requests in flight must answer 503 with Retry-After (the browsers try
// again), never 500, and every acknowledged write must be there afterwards. Only this run's database is touched:
// the shared server itself is not restarted, and the checks' own connections are spared.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { checkOnboardings } from "./onboarding-checks.mjs";
import { runOnboardings, sandboxToken, settle } from "./onboarding.mjs";
import { formatStatuses } from "./report.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ends every connection to `database` but the checks' (application_name) every `everyMs` until stopped. */
function sever(serverUrl, database, everyMs) {
  let stopped = false;
  let ended = 0;
  let rounds = 0;
  const done = (async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      while (!stopped) {
        await sleep(everyMs);
        const { rows } = await admin.query(
          `select count(*) filter (where pg_terminate_backend(pid))::int as ended from pg_stat_activity
            where datname = $1 and pid <> pg_backend_pid() and application_name <> 'reliability-checks'`,
          [database],
        );
        ended += rows[0].ended;
        rounds += 1;
      }
    } finally {
      await admin.end();
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return { ended, rounds };
    },
  };
}

export async function phaseDatabaseRestart({ say, report, db, serverUrl, baseUrl, count, settleMs }) {
  const statuses = new Map();
  const sandbox = await sandboxToken(baseUrl, statuses);
  say(`phase 4: ${count} onboardings, 10 at a time, while the database ends every connection each 2 s`);
  const severing = sever(serverUrl, db.name, 2_000);
  const ctx = { baseUrl, db, statuses, sandbox, run: randomBytes(3).toString("hex") };
  const started = Date.now();
  // Addresses of their own (phase 1's browsers spent their start allowance).
  const records = await runOnboardings(ctx, { count, concurrency: 10, offset: 1000 });
  const { ended, rounds } = await severing.stop();
  report.figure(
    "phase 4 onboardings",
    `${records.length} in ${((Date.now() - started) / 1000).toFixed(0)} s, ${ended} connections ended in ${rounds} rounds`,
  );
  // As after phase 1's faults: a card made upstream whose record was lost with its connection is taken over 30 s
  // after its claim (lib/applications/card-record-lost.test.ts), so the stragglers get the same time to settle.
  const settled = await settle(records, baseUrl, settleMs);
  report.figure("phase 4 settled after the connections came back", `${settled.count} applications in ${settled.seconds} s`);
  report.figure("client answers, phase 4", formatStatuses(statuses));
  await checkOnboardings(report, db, records);
  report.check("phase 4: no answer was a 500 while connections were lost", !statuses.has(500), formatStatuses(statuses));
  report.check(
    "phase 4: the lost connections were met (answered 503, tried again)",
    ended > 0 && (statuses.get(503) ?? 0) > 0,
    `${ended} ended`,
  );
}

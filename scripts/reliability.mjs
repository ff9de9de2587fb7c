// `npm run test:reliability`: two portal instances on one PostgreSQL database behind a round-robin proxy.
// Phase 1: 200 onboardings, 20 at a time, under sandbox faults, one instance SIGKILLed and restarted mid-run.
// Phase 2: 2,000 webhook posts (duplicates, bad signatures, shuffled) over both instances.
// Phase 3: rate limits and the sign-in throttle hold for the sum of the instances.
// Phase 4: the database ends every connection every 2 s under load: 503s, no 500, nothing lost.
// Needs RELIABILITY_DATABASE_URL or TEST_DATABASE_URL: a server on which it creates (and drops) its own database.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { closeClient } from "../reliability/http-client.mjs";
import { createDatabase } from "../reliability/database.mjs";
import { Instance } from "../reliability/instances.mjs";
import { checkFaultsMet, checkOnboardings } from "../reliability/onboarding-checks.mjs";
import { runOnboardings, sandboxToken, settle } from "../reliability/onboarding.mjs";
import { startProxy } from "../reliability/proxy.mjs";
import { formatStatuses, Report } from "../reliability/report.mjs";
import { checkSharedLimits } from "../reliability/shared-limits.mjs";
import { phaseDatabaseRestart } from "../reliability/database-restart.mjs";
import { checkTorture, postAll, tortureSet, waitApplied } from "../reliability/webhook-torture.mjs";
import { buildForTests } from "./e2e-build.mjs";
import { freePort } from "./free-port.mjs";

// Options for work on the suite: `-- --onboardings 20` runs a smaller phase 1, `-- --phases 3` only the limits.
const { values: options } = parseArgs({ options: { onboardings: { type: "string" }, phases: { type: "string" } } });
const ONBOARDINGS = Number(options.onboardings ?? 200);
const PHASES = (options.phases ?? "1,2,3,4").split(",");
const CONCURRENCY = 20;
const FAULTS = { error_rate: 0.2, drop_rate: 0.1, latency_ms: 20 };
/** After the faults are cleared, every application must reach its card within this (a dead claim waits 30 s). */
const SETTLE_MS = 90_000;

const serverUrl = process.env.RELIABILITY_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
if (!serverUrl) {
  console.error(
    "[reliability] needs a PostgreSQL server: set RELIABILITY_DATABASE_URL (or TEST_DATABASE_URL) to a postgres:// URL whose\n" +
      "  user may create databases, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres. The suite creates its own\n" +
      "  database (portal_rel_<random>) there and drops it at the end; `.ci/run` starts one and sets TEST_DATABASE_URL.",
  );
  process.exit(2);
}

const t0 = Date.now();
const seconds = () => ((Date.now() - t0) / 1000).toFixed(0);
const say = (line) => console.log(`[reliability ${seconds().padStart(4)} s] ${line}`);
buildForTests();
const report = new Report();
const db = await createDatabase(serverUrl);
say(`database ${db.name}`);
const ports = [await freePort(), await freePort()];
while (ports[1] === ports[0]) ports[1] = await freePort();
const proxy = await startProxy(ports);
const instances = ports.map((port, i) => new Instance(i === 0 ? "a" : "b", port, { databaseUrl: db.url, appUrl: proxy.url }));
const statuses = new Map();

async function phaseOnboardings() {
  const sandbox = await sandboxToken(proxy.url, statuses);
  const faults = await sandbox.helper.call("PUT", "/sandbox/simulate/faults", {
    json: FAULTS,
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  if (faults.status !== 200) throw new Error(`faults: ${faults.status} ${faults.text}`);
  say(`phase 1: ${ONBOARDINGS} onboardings, ${CONCURRENCY} at a time, faults ${JSON.stringify(FAULTS)}`);
  let restarted;
  const ctx = { baseUrl: proxy.url, db, statuses, sandbox, run: randomBytes(3).toString("hex") };
  const started = Date.now();
  const records = await runOnboardings(ctx, {
    count: ONBOARDINGS,
    concurrency: CONCURRENCY,
    onStarted: (k) => {
      if (k !== Math.floor(ONBOARDINGS * 0.4)) return;
      // The crash: with about 20 onboardings in flight, instance b dies without warning and comes back.
      restarted = (async () => {
        say(`SIGKILL instance b (onboarding ${k} starting)`);
        await instances[1].kill();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await instances[1].start();
        say("instance b restarted");
      })();
    },
  });
  await restarted;
  report.figure("phase 1 onboardings", `${records.length} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await sandbox.helper.call("PUT", "/sandbox/simulate/faults", { json: {}, headers: { authorization: `Bearer ${sandbox.token}` } });
  say("faults cleared; waiting for the applications still on their way to the card");
  const settled = await settle(records, proxy.url, SETTLE_MS);
  report.figure("settled after faults cleared", `${settled.count} applications in ${settled.seconds} s`);
  say("phase 1 checks");
  const { orphanDrafts, issued } = await checkOnboardings(report, db, records);
  report.figure("cards issued", issued);
  report.figure("drafts of starts whose answer was lost (never reached the issuer)", orphanDrafts);
  report.figure("client answers, phase 1", formatStatuses(statuses));
  report.check("no answer was a 500", !statuses.has(500), formatStatuses(statuses));
  await checkFaultsMet(report, db);
  report.check("the kill was met: requests found instance b down", proxy.stats.failedOver > 0, `${proxy.stats.failedOver} passed on`);
  return records;
}

async function phaseWebhooks() {
  const cards = (await db.query("select card_id, cardholder_id from applications where card_id is not null limit 50")).map((r) => r);
  if (cards.length === 0) return report.check("webhook torture has cards to use", false, "no card was issued in phase 1");
  const set = tortureSet(randomBytes(3).toString("hex"), cards);
  const [{ failures }] = await db.query("select coalesce(sum(failures), 0)::int as failures from webhook_signature_failures");
  const before = proxy.stats.perBackend.map((b) => b.webhook);
  say(`phase 2: ${set.posts.length} webhook posts (${set.distinct} distinct, ${set.duplicates} redeliveries, ${set.bad} bad signatures)`);
  const started = Date.now();
  const answers = await postAll(proxy.url, set.posts);
  const posted = Date.now();
  const applied = await waitApplied(db, set.prefix);
  const spread = proxy.stats.perBackend.map((b, i) => b.webhook - before[i]);
  const took = (from, to) => ((to - from) / 1000).toFixed(1);
  report.figure(
    "phase 2 webhooks",
    `${set.posts.length} posted in ${took(started, posted)} s, the rest applied ${took(posted, Date.now())} s later; per instance ${spread.join(" / ")}`,
  );
  report.check("every valid event processed within 60 s", applied);
  report.check(
    "the posts were spread over both instances",
    spread.every((n) => n > set.posts.length / 4),
    spread.join(" / "),
  );
  await checkTorture(report, db, set, answers, failures);
}

/** Stops the instances and the proxy and drops the database, once (at the end, or on Ctrl-C). */
let cleaning;
const cleanUp = () =>
  (cleaning ??= (async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await proxy.close();
    closeClient();
    await db.drop().catch((error) => console.error(`[reliability] could not drop ${db.name}: ${error.message}`));
  })());
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => cleanUp().finally(() => process.exit(130)));

let exitCode = 1;
try {
  say(`starting instances a (port ${ports[0]}) and b (port ${ports[1]}) behind the proxy ${proxy.url}`);
  await instances[0].start(); // the first one migrates; the second then finds the schema in place
  await instances[1].start();
  if (PHASES.includes("1")) await phaseOnboardings();
  if (PHASES.includes("2")) await phaseWebhooks();
  if (PHASES.includes("3")) {
    say("phase 3: shared limits");
    await checkSharedLimits(report, proxy.url, statuses, db);
  }
  if (PHASES.includes("4"))
    await phaseDatabaseRestart({ say, report, db, serverUrl, baseUrl: proxy.url, count: Math.min(40, ONBOARDINGS), settleMs: SETTLE_MS });
  const { failedOver, broken } = proxy.stats;
  report.figure("proxy", `passed on ${failedOver} requests an instance refused, lost ${broken} with the killed instance`);
  exitCode = report.failed.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`[reliability] the run stopped: ${error instanceof Error ? error.stack : error}`);
  for (const instance of instances) console.error(`--- instance ${instance.name} (last lines) ---\n${instance.tail()}`);
} finally {
  await cleanUp();
  report.print((Date.now() - t0) / 1000);
}
process.exit(exitCode);

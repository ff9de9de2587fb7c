// The body of bench/events.mjs (run through tsx). Part 1, throughput: N events over N/10 applications written,
// then delivered by passes of the runner back to back (retries after 100 ms to 1 s, not the production 30 s and
// up, so the failed 10 % come back within the run). Part 2, delay: events written at a steady rate while the
// runner's background loop (a pass a second, at once again while a batch was full) delivers them.
import { openDatabase, type OpenOptions } from "@/lib/db/open";
import { Client } from "pg";
import { countDeliveries } from "@/lib/db/event-deliveries";
import type { Database } from "@/lib/db/types";
import { startLoop, stopLoop } from "@/lib/jobs/background-loop";
import { eventPass } from "@/lib/events/runner-pass";
import type { RunnerDeps } from "@/lib/events/runner";
import { startReceiver, type Receiver } from "@/lib/events/testing/receiver";
import { endpointAt, runnerDeps, runPass, runUntil, writeEvents } from "@/lib/events/testing/world";

const count = Number(process.argv[2] ?? 2_000);
const adminUrl = process.argv[3] || undefined;
const RETRY = { baseMs: 100, capMs: 1_000, windowMs: 3_600_000 };
const RATE_PER_S = 50;
const SECONDS = 20;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const settled = async (db: Database) => (await countDeliveries(db)).pending === 0;

async function throughput(db: Database, receiver: Receiver) {
  const written = Date.now();
  await writeEvents(db, "bench", count / 10, 10);
  const writing = (Date.now() - written) / 1000;
  const started = Date.now();
  await runUntil(runPass(runnerDeps(db, { retry: RETRY })), () => settled(db), 600_000);
  const seconds = (Date.now() - started) / 1000;
  const failed = receiver.received.filter((r) => r.answered !== 200).length;
  console.log(
    `[events] ${count} events written in ${writing.toFixed(1)} s; delivered in ${seconds.toFixed(1)} s: ` +
      `${(count / seconds).toFixed(0)} events/s (${receiver.received.length} posts, ${failed} answered 500 and retried; ` +
      `twice: ${receiver.deliveredTwice().length})`,
  );
}

async function delay(db: Database, kind: "pglite" | "postgres", receiver: Receiver) {
  receiver.received.length = 0;
  const deps: RunnerDeps = runnerDeps(db, { retry: RETRY });
  startLoop("bench.events", 1_000, async () => ({ more: (await eventPass(kind, deps)).more }));
  const createdAt = new Map<string, number>();
  const end = Date.now() + SECONDS * 1000;
  let n = 0;
  while (Date.now() < end) {
    const ids = await writeEvents(db, `steady${n++}`, 1, 1);
    for (const id of ids) createdAt.set(id, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 1000 / RATE_PER_S));
  }
  await runUntil(
    async () => 0,
    () => settled(db),
    60_000,
  );
  await stopLoop("bench.events");
  const firstTry: number[] = [];
  const all: number[] = [];
  const tries = new Map<string, number>();
  for (const r of receiver.received) {
    tries.set(r.id, (tries.get(r.id) ?? 0) + 1);
    const at = createdAt.get(r.id);
    if (at === undefined || r.answered !== 200) continue;
    all.push(r.at - at);
    if (tries.get(r.id) === 1) firstTry.push(r.at - at);
  }
  const line = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${label}: median ${pct(sorted, 50)} ms, p95 ${pct(sorted, 95)} ms (${sorted.length})`;
  };
  console.log(`[events] delay from the change to the delivery, ${RATE_PER_S} events/s for ${SECONDS} s, 10 % failing:`);
  console.log(`  ${line("delivered at the first try", firstTry)}`);
  console.log(`  ${line("every event (retries included)", all)}`);
}

async function run(label: string, options: OpenOptions) {
  console.log(`[events] ${label}`);
  const handle = await openDatabase(options);
  const receiver = await startReceiver([]);
  await endpointAt(handle.db, receiver);
  receiver.answer = () => (Math.random() < 0.1 ? 500 : 200);
  try {
    await throughput(handle.db, receiver);
    await delay(handle.db, options.kind, receiver);
  } finally {
    await receiver.close();
    await handle.close();
  }
}

/** A scratch database beside `url`'s (its name starts with e_: this bench's), dropped at the end. */
async function scratchBeside(url: string) {
  const name = `e_events_bench_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function main() {
  await run("PGlite (in memory)", { kind: "pglite", dataDir: undefined });
  if (!adminUrl) return console.log("[events] PostgreSQL skipped: give a postgres:// URL (a scratch database is made beside it)");
  const scratch = await scratchBeside(adminUrl);
  try {
    await run("PostgreSQL (scratch database)", { kind: "postgres", url: scratch.url, poolSize: 10 });
  } finally {
    await scratch.drop();
  }
}

void main();

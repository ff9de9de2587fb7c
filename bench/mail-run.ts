// The body of bench/mail.mjs (run through tsx): queue N messages, start one sender process over them toward a
// counting SMTP server in this process, and report messages per second and the sender's memory while it runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type OpenOptions } from "@/lib/db/open";
import { Client } from "pg";
import { countingCatcher } from "@/lib/mail/testing/counting-catcher";
import { KEY_SECRET, queueMany } from "@/lib/mail/testing/outbox-world";
import { startSenderProcess } from "@/lib/mail/testing/sender-process";

const count = Number(process.argv[2] ?? 10_000);
const adminUrl = process.argv[3] || undefined;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function queueAll(options: OpenOptions) {
  const handle = await openDatabase(options);
  const started = Date.now();
  // Four writers at a time: the queue is not what is measured, only filled.
  await Promise.all([0, 1, 2, 3].map((w) => queueMany(handle.db, Math.floor(count / 4) + (w < count % 4 ? 1 : 0), `w${w}`)));
  console.log(`[bench] queued ${count} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await handle.close();
}

async function run(label: string, options: OpenOptions) {
  await queueAll(options);
  const catcher = await countingCatcher();
  const samples: Array<{ rss: number; heapUsed: number }> = [];
  const onLine = (line: string) => {
    if (line.startsWith('{"memory"')) samples.push((JSON.parse(line) as { memory: { rss: number; heapUsed: number } }).memory);
  };
  const config = {
    db: options,
    smtpUrl: catcher.url,
    keySecret: KEY_SECRET,
    leaseMs: 60_000,
    batch: 50,
    memoryEveryMs: 250,
    exitWhenIdle: true,
  };
  // As a portal runs (React's production build); BENCH_CPU_PROF=dir writes the sender's CPU profile there.
  const profile = process.env.BENCH_CPU_PROF;
  const nodeArgs = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [];
  const sender = await startSenderProcess(config, { onLine, env: { NODE_ENV: "production" }, nodeArgs });
  const started = Date.now();
  sender.go();
  const how = await sender.exited;
  const seconds = (Date.now() - started) / 1000;
  await catcher.close();
  const twice = [...catcher.counts.values()].filter((n) => n > 1).length;
  const peak = (key: "rss" | "heapUsed") => Math.max(...samples.map((s) => s[key]));
  const end = samples.at(-1);
  console.log(
    `[bench] ${label}: ${catcher.delivered()} of ${count} delivered in ${seconds.toFixed(1)} s = ${(catcher.delivered() / seconds).toFixed(0)} msg/s` +
      ` (exit ${how}, ${twice} delivered twice); sender RSS peak ${mb(peak("rss"))} MiB, end ${mb(end?.rss ?? 0)} MiB;` +
      ` heap used peak ${mb(peak("heapUsed"))} MiB, end ${mb(end?.heapUsed ?? 0)} MiB (${samples.length} samples)`,
  );
}

/** A fresh database beside the given one's, dropped afterwards (lib/db/testing's needs Vitest). */
async function scratchBeside(url: string) {
  const name = `portal_mail_bench_${process.pid}`;
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
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-mail-bench-"));
  try {
    await run("PGlite", { kind: "pglite", dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!adminUrl) return console.log("[bench] PostgreSQL skipped: give a postgres:// URL (a scratch database is made beside it)");
  const scratch = await scratchBeside(adminUrl);
  try {
    await run("PostgreSQL", { kind: "postgres", url: scratch.url, poolSize: 4 });
  } finally {
    await scratch.drop();
  }
}

void main();

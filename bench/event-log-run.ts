// The body of bench/event-log.mjs (run through tsx): a scratch PostgreSQL database beside the URL's (b_event_log_<n>),
// N deliveries seeded in SQL (with their events and attempts), then EXPLAIN ANALYZE of the very queries the delivery
// log page and the application page's section run (lib/db/event-log.ts builds them; here they are only explained).
import { Client } from "pg";
import { applicationEventLogQuery, deliveryLogQuery, LOG_STATES, type LogFilter } from "@/lib/db/event-log";
import { openDatabase } from "@/lib/db/open";
import { eventAttempts } from "@/lib/db/schema";
import { inArray } from "drizzle-orm";

const count = Number(process.argv[2] ?? 100_000);
const adminUrl = process.argv[3] ?? "postgres://postgres:postgres@localhost:5432/postgres";
const keep = process.env.BENCH_KEEP === "1";
const PAGE = 26; // the page's 25 rows and one to know a next page exists
const RUNS = 5;

const name = `b_event_log_${count >= 1_000_000 ? `${count / 1_000_000}m` : `${count / 1_000}k`}`;
const scratch = new URL(adminUrl);
scratch.pathname = `/${name}`;

async function admin(statement: string) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

// Two endpoints: one takes every type (5/6 of the deliveries), one only card_issued and failed. Events over 90 days,
// ten an application; 97 % delivered at once, 1 % failing (3 attempts), 1 % abandoned (30), 1 % waiting.
const TYPE = `case when i % 1000 = 0 then 'application.erased' when i % 10 = 0 then 'application.started'
  when i % 10 = 1 then 'application.submitted' when i % 10 = 2 then 'application.identity_check.approved'
  when i % 10 = 3 then 'application.card_issued' when i % 10 = 4 then 'application.failed'
  else 'card.transaction.authorized' end`;
const seedSql = (events: number) => [
  `insert into event_endpoints (id, url, secret_sealed, event_types) values
     ('ep_bench_all', 'https://merchant.example/all', 'x', null),
     ('ep_bench_some', 'https://merchant.example/some', 'x', '["application.card_issued","application.failed"]')`,
  `insert into event_outbox (id, seq, type, application_id, data, created_at)
     select 'evt_bench_' || i, i, ${TYPE}, 'app_bench_' || (i / 10), '{}'::jsonb,
       now() - interval '90 days' + i * (interval '90 days' / ${events}) from generate_series(1, ${events}) i`,
  `select setval(pg_get_serial_sequence('event_outbox', 'seq'), ${events})`,
  `insert into event_deliveries (event_id, endpoint_id, application_id, seq, state, attempts, next_attempt_at,
       last_status, last_latency_ms, last_response, delivered_at, created_at, updated_at)
     select o.id, e.id, o.application_id, o.seq,
       case when o.seq % 100 = 0 then 'abandoned' when o.seq % 100 in (1, 2) then 'pending' else 'delivered' end,
       case when o.seq % 100 = 0 then 30 when o.seq % 100 = 1 then 3 when o.seq % 100 = 2 then 0 else 1 end,
       o.created_at + interval '1 hour',
       case when o.seq % 100 = 0 then 500 when o.seq % 100 = 1 then 503 when o.seq % 100 = 2 then null else 200 end,
       case when o.seq % 100 = 2 then null else 40 + o.seq % 200 end,
       case when o.seq % 100 = 2 then null else 'ok' end,
       case when o.seq % 100 > 2 then o.created_at + interval '1 second' end, o.created_at, o.created_at
     from event_outbox o join event_endpoints e
       on e.event_types is null or e.event_types @> jsonb_build_array(o.type)
     order by o.seq, e.id`,
  `insert into event_attempts (delivery_id, attempt, started_at, status, latency_ms, response_excerpt)
     select d.id, g, d.created_at + g * interval '1 minute', case when g = d.attempts and d.state = 'delivered' then 200 else 500 end,
       40, 'answer' from event_deliveries d cross join lateral generate_series(1, d.attempts) g`,
  `vacuum analyze`,
];

type Query = { toSQL: () => { sql: string; params: unknown[] } };

async function explain(client: Client, label: string, query: Query) {
  const { sql, params } = query.toSQL();
  const times: number[] = [];
  let plan: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${sql}`, params);
    const lines = result.rows.map((r) => r["QUERY PLAN"]);
    times.push(Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))?.[1] ?? NaN));
    plan = lines;
  }
  times.sort((a, b) => a - b);
  // The plan's nodes (their names and index), without the figures: what the planner chose.
  const nodes = plan
    .filter((l) => /->|^\S/.test(l) && !/^(Planning|Execution)/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/^-> +/, "")
        .replace(/ +\(cost.*$/, ""),
    )
    .filter((l) => /Scan|Join|Loop|Sort|Limit/.test(l))
    .slice(0, 6);
  console.log(`| ${label} | ${times[Math.floor(RUNS / 2)]?.toFixed(2)} ms | ${times.at(-1)?.toFixed(2)} ms | ${nodes.join(" → ")} |`);
  if (process.env.BENCH_PLANS === "1") console.log(plan.join("\n"));
}

async function main() {
  const events = Math.round(count / 1.2);
  const client0 = new Client({ connectionString: adminUrl });
  await client0.connect();
  const exists = (await client0.query("select 1 from pg_database where datname = $1", [name]).finally(() => client0.end())).rowCount;
  // Kept from a BENCH_KEEP run: reused as it is (seeded or not), unless BENCH_RESEED.
  if (exists && (!keep || process.env.BENCH_RESEED === "1")) await admin(`drop database ${name} with (force)`);
  if (!exists || !keep || process.env.BENCH_RESEED === "1") await admin(`create database ${name}`);
  const handle = await openDatabase({ kind: "postgres", url: scratch.toString(), poolSize: 2 });
  const client = new Client({ connectionString: scratch.toString() });
  await client.connect();
  try {
    const seeded = Number((await client.query<{ n: string }>("select count(*) as n from event_deliveries")).rows[0]?.n ?? 0);
    if (seeded === 0) {
      const started = Date.now();
      for (const statement of seedSql(events)) await client.query(statement);
      console.log(`[event-log] seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } else await client.query("analyze");
    const sizes = await client.query<{ t: string; n: string }>(
      `select 'deliveries' as t, count(*) as n from event_deliveries union all select 'events', count(*) from event_outbox
       union all select 'attempts', count(*) from event_attempts`,
    );
    console.log(`[event-log] ${sizes.rows.map((r) => `${r.n} ${r.t}`).join(", ")} (database ${name})`);
    const ep = "ep_bench_all";
    const deep = await client.query<{ created_at: Date; id: string }>(
      `select created_at, id from event_deliveries where endpoint_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [ep, Math.floor(events * 0.9)],
    );
    const at = deep.rows[0];
    const log = (filter: LogFilter, after?: { at: Date; id: string }) => deliveryLogQuery(handle.db, ep, filter, after, PAGE);
    console.log("| query | median | slowest | plan |\n|---|---|---|---|");
    await explain(client, "log, first page", log({}));
    if (at) await explain(client, "log, a page 90 % deep (keyset)", log({}, { at: at.created_at, id: String(at.id) }));
    for (const state of LOG_STATES) await explain(client, `log, state ${state}`, log({ state }));
    if (at) await explain(client, "log, state abandoned, 90 % deep", log({ state: "abandoned" }, { at: at.created_at, id: String(at.id) }));
    await explain(client, "log, type application.started (10 %)", log({ type: "application.started" }));
    await explain(client, "log, type application.erased (0.1 %)", log({ type: "application.erased" }));
    await explain(client, "log, type endpoint.test (none)", log({ type: "endpoint.test" }));
    await explain(client, "log, the other endpoint, first page", deliveryLogQuery(handle.db, "ep_bench_some", {}, undefined, PAGE));
    const page = await log({});
    const ids = page.map((r) => r.delivery.id).slice(0, 25);
    await explain(
      client,
      "attempts of a page (25 deliveries)",
      handle.db.select().from(eventAttempts).where(inArray(eventAttempts.deliveryId, ids)),
    );
    await explain(client, "application page section", applicationEventLogQuery(handle.db, `app_bench_${Math.floor(events / 20)}`));
  } finally {
    await client.end();
    await handle.close();
    if (!keep) await admin(`drop database if exists ${name} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

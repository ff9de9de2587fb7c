// Phase 1's verdict, read from the shared database: the portal's tables and the sandbox's (the issuer's side).

/** Leaves of an answer object as [path, value] pairs: { identity: { number } } -> ["identity.number", ...]. */
function leaves(value, prefix = "") {
  if (value === null || typeof value !== "object") return [[prefix, value]];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
}
const groupBy = (rows, key) => {
  const groups = new Map();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};
const at = (object, path) => path.split(".").reduce((v, key) => (v && typeof v === "object" ? v[key] : undefined), object);

export async function checkOnboardings(report, db, records) {
  const errored = records.filter((r) => r.error);
  report.check(
    "every onboarding went through without an error a person could not get past",
    errored.length === 0,
    errored.length
      ? errored
          .slice(0, 5)
          .map((r) => `#${r.n} ${r.error}`)
          .join(" | ")
      : `${records.length} onboardings`,
  );
  const held = records.filter((r) => r.id);
  const ids = held.map((r) => r.id);
  const apps = new Map((await db.query("select * from applications where id = any($1)", [ids])).map((a) => [a.id, a]));

  const notIssued = held.filter((r) => apps.get(r.id)?.state !== "card_issued");
  report.check(
    "no application stuck: every one reached card_issued",
    notIssued.length === 0 && held.length === records.length,
    notIssued.length
      ? notIssued
          .slice(0, 5)
          .map((r) => `${r.id}: ${apps.get(r.id)?.state}`)
          .join(", ")
      : `${held.length} issued`,
  );

  const holders = await db.query("select id, fields from sandbox_cardholders where fields->>'email' = any($1)", [held.map((r) => r.email)]);
  const byEmail = groupBy(holders, (h) => h.fields.email);
  const cards = await db.query("select id, cardholder_id from sandbox_cards");
  const cardsByHolder = groupBy(cards, (c) => c.cardholder_id);
  const wrongHolders = [];
  const wrongCards = [];
  const lostWrites = [];
  for (const r of held) {
    const app = apps.get(r.id);
    const mine = byEmail.get(r.email) ?? [];
    if (mine.length !== 1 || mine[0].id !== app?.cardholder_id) wrongHolders.push(`${r.id}: ${mine.length} cardholders`);
    const theirCards = mine[0] ? (cardsByHolder.get(mine[0].id) ?? []) : [];
    if (theirCards.length !== 1 || theirCards[0].id !== app?.card_id) wrongCards.push(`${r.id}: ${theirCards.length} cards`);
    // Each acknowledged step is in the database: the answers the cardholder was created from hold every value saved.
    for (const { step, values } of r.acked) {
      for (const [path, value] of leaves(values)) {
        if (mine[0] && at(mine[0].fields, path) !== value) lostWrites.push(`${r.id} ${step} ${path}`);
      }
    }
    const lastAcked = r.acked.at(-1)?.step;
    if (app?.last_step !== lastAcked) lostWrites.push(`${r.id}: last_step ${app?.last_step}, acknowledged ${lastAcked}`);
  }
  report.check(
    "exactly one cardholder upstream per application",
    wrongHolders.length === 0,
    wrongHolders.slice(0, 5).join(", ") || `${holders.length} cardholders`,
  );
  report.check(
    "exactly one card upstream per application",
    wrongCards.length === 0,
    wrongCards.slice(0, 5).join(", ") || `${held.length} cards`,
  );

  const documents = await db.query("select distinct application_id from application_files where application_id = any($1)", [ids]);
  const withDocument = held.filter((r) => r.document).length;
  report.check(
    "every acknowledged write is present (steps, last step, documents)",
    lostWrites.length === 0 && documents.length === withDocument,
    lostWrites.slice(0, 5).join(", ") ||
      `${held.reduce((s, r) => s + r.acked.length, 0)} step saves, ${documents.length}/${withDocument} documents`,
  );

  // Whole-database view: nothing upstream without its application, nothing in between left behind.
  const [totals] = await db.query(`select
      (select count(*)::int from sandbox_cardholders) as holders,
      (select count(*)::int from sandbox_cards) as cards,
      (select count(*)::int from applications where cardholder_id is not null) as submitted,
      (select count(*)::int from applications where card_id is not null) as issued,
      (select count(*)::int from applications where state not in ('draft', 'card_issued')) as between,
      (select count(*)::int from applications where state = 'draft') as drafts,
      (select count(*)::int from (select application_id from application_events where to_state = 'card_issued'
         group by application_id having count(*) > 1) twice) as issued_twice`);
  report.check(
    "upstream holds no cardholder or card the portal does not know",
    totals.holders === totals.submitted && totals.cards === totals.issued && totals.issued_twice === 0,
    `${totals.holders} cardholders for ${totals.submitted} submitted, ${totals.cards} cards for ${totals.issued} issued`,
  );
  report.check("no application left between states", totals.between === 0, `${totals.between} between draft and card_issued`);
  // A start whose answer was lost leaves a draft the browser never heard of; it reaches nobody upstream.
  const orphanDrafts = totals.drafts;
  return { orphanDrafts, issued: held.length - notIssued.length };
}

/** The portal's calls to the issuer by outcome: proof that the faults were met, not just switched on. */
export async function checkFaultsMet(report, db) {
  const rows = await db.query(
    "select coalesce(http_status::text, error_code, 'no answer') as outcome, count(*)::int as calls from upstream_requests group by 1 order by 2 desc",
  );
  const count = (outcome) => rows.find((r) => r.outcome === outcome)?.calls ?? 0;
  const summary = rows.map((r) => `${r.outcome}×${r.calls}`).join(" ");
  report.figure("portal calls to the issuer, phase 1", summary);
  report.check("the faults were met: issuer calls failed (503) and answers were lost (502)", count("503") > 0 && count("502") > 0, summary);
}

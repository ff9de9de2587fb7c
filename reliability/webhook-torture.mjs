// Phase 2: 2,000 signed webhook posts through the proxy, so over both instances: 30% redeliveries of events
// already sent, 5% with a bad signature (wrong secret, a body changed after signing, or no header), in random
// order, 20 at a time. The valid set must be applied exactly once and nothing of the bad ones kept.
import { createHmac, randomInt } from "node:crypto";
import { send } from "./http-client.mjs";

const SECRET = "sandbox_webhook_secret";
const sign = (body, secret = SECRET) => createHmac("sha256", secret).update(body).digest("base64");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function authorization(run, i, card) {
  const now = new Date().toISOString();
  return JSON.stringify({
    account_no: "8800****4321",
    event_id: `evt_rel_${run}_${i}`,
    event_type: "card.transaction.authorization",
    timestamp: now.slice(0, 19) + "Z",
    data: {
      transaction_id: `txn_rel_${run}_${i}`,
      card_id: card.card_id,
      cardholder_id: card.cardholder_id,
      card_number: "453201******0000",
      transaction_type: "AUTHORIZATION",
      transaction_status: "APPROVED",
      transaction_amount: `${1 + (i % 50)}.00`,
      transaction_currency: "USD",
      billing_amount: `${1 + (i % 50)}.00`,
      billing_currency: "USD",
      transaction_time: now,
      merchant_data: [{ name: `Reliability shop ${i % 7}` }],
    },
  });
}

function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** The posts: `total` in all, `duplicateShare` of them redeliveries, `badShare` badly signed (never otherwise sent). */
export function tortureSet(run, cards, { total = 2000, duplicateShare = 0.3, badShare = 0.05 } = {}) {
  const bad = Math.round(total * badShare);
  const duplicates = Math.round(total * duplicateShare);
  const distinct = total - bad - duplicates;
  const valid = Array.from({ length: distinct }, (_, i) => {
    const body = authorization(run, i, cards[i % cards.length]);
    return { body, signature: sign(body), valid: true };
  });
  const redeliveries = Array.from({ length: duplicates }, () => valid[randomInt(valid.length)]);
  const refused = Array.from({ length: bad }, (_, k) => {
    const body = authorization(run, distinct + k, cards[k % cards.length]);
    if (k % 3 === 0) return { body, signature: sign(body, "not-the-webhook-secret"), valid: false };
    if (k % 3 === 1) return { body: body.replace('"APPROVED"', '"DECLINED"'), signature: sign(body), valid: false };
    return { body, signature: undefined, valid: false };
  });
  return { posts: shuffle([...valid, ...redeliveries, ...refused]), distinct, duplicates, bad, prefix: `evt_rel_${run}_` };
}

/** Posts every item, `concurrency` at a time; a valid post that meets a broken connection is sent again, as the issuer would. */
export async function postAll(baseUrl, posts, concurrency = 20) {
  const answers = { valid200: 0, duplicateAnswers: 0, bad401: 0, bad429: 0, unexpected: [] };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < posts.length) {
        const post = posts[next++];
        const headers = { "content-type": "application/json", ...(post.signature ? { "x-wk-signature": post.signature } : {}) };
        let answer;
        for (let attempt = 0; attempt < 8; attempt++) {
          answer = await send(baseUrl, "POST", "/api/webhooks/issuer", { body: Buffer.from(post.body), headers });
          if (![0, 502, 503].includes(answer.status)) break;
          await sleep(250 * 2 ** attempt);
        }
        if (post.valid && answer.status === 200) {
          answers.valid200 += 1;
          if (answer.json?.duplicate) answers.duplicateAnswers += 1;
        } else if (!post.valid && answer.status === 401) answers.bad401 += 1;
        // Past 20 bad signatures a minute from one address, an instance refuses them without a write (429).
        else if (!post.valid && answer.status === 429) answers.bad429 += 1;
        else answers.unexpected.push(`${post.valid ? "valid" : "bad"} -> ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }),
  );
  return answers;
}

/** Waits until no event of the run is pending (both instances' processors apply them), at most `ms`. */
export async function waitApplied(db, prefix, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const [{ pending }] = await db.query(
      "select count(*)::int as pending from webhook_inbox where event_id like $1 and state = 'pending'",
      [`${prefix}%`],
    );
    if (pending === 0) return true;
    await sleep(500);
  }
  return false;
}

export async function checkTorture(report, db, set, answers, failuresBefore) {
  const like = `${set.prefix}%`;
  const [inbox] = await db.query(
    `select count(*)::int as rows, count(*) filter (where state = 'applied')::int as applied, coalesce(sum(duplicates), 0)::int as duplicates
       from webhook_inbox where event_id like $1`,
    [like],
  );
  const [txns] = await db.query(
    "select count(*)::int as rows, count(distinct transaction_id)::int as distinct_ids from card_transactions where event_id like $1",
    [like],
  );
  const [{ failures }] = await db.query("select coalesce(sum(failures), 0)::int as failures from webhook_signature_failures");
  const badIds = set.posts.filter((p) => !p.valid).map((p) => JSON.parse(p.body).event_id);
  const [{ kept }] = await db.query("select count(*)::int as kept from webhook_inbox where event_id = any($1)", [badIds]);
  const sentAgain = answers.valid200 - set.distinct;
  report.check(
    "every post answered as the contract says (valid 200, bad signature 401, or 429 past the per-address limit)",
    answers.unexpected.length === 0,
    answers.unexpected.slice(0, 3).join(" | ") || `${answers.valid200} × 200, ${answers.bad401} × 401, ${answers.bad429} × 429`,
  );
  report.check(
    "every bad signature refused, nothing of it stored, and only those under the limit counted",
    answers.bad401 + answers.bad429 === set.bad && kept === 0 && failures - failuresBefore === answers.bad401,
    `${answers.bad401} × 401 + ${answers.bad429} × 429 of ${set.bad}, ${kept} stored, ${failures - failuresBefore} counted`,
  );
  report.check(
    "the valid set stored once: one inbox row per distinct event",
    inbox.rows === set.distinct,
    `${inbox.rows} rows for ${set.distinct} distinct events`,
  );
  report.check(
    "every redelivery counted as a duplicate, none stored again",
    inbox.duplicates === sentAgain && answers.duplicateAnswers === sentAgain,
    `${inbox.duplicates} counted, ${answers.duplicateAnswers} answered duplicate, ${sentAgain} redelivered`,
  );
  report.check(
    "the valid set applied exactly once",
    inbox.applied === set.distinct && txns.rows === set.distinct && txns.distinct_ids === set.distinct,
    `${inbox.applied} applied, ${txns.rows} transactions for ${set.distinct} events`,
  );
}

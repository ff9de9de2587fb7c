// Phase 3: limits hold for the sum of both instances, not per instance. One client hammers a rate-limited route
// and tries staff passwords through the round-robin proxy; a count kept per process would let about twice through.
import { randomBytes } from "node:crypto";
import { Browser } from "./http-client.mjs";
import { SHARED_SECRETS } from "./instances.mjs";

/** lib/security/rate-limit.ts LIMITS.resume, and lib/auth/throttle.ts THROTTLE.free (per account and address) and .ceiling. */
const RESUME_MAX = 30;
const RESUME_WINDOW_MS = 10 * 60_000;
const SIGN_IN_FREE = 5;
const SIGN_IN_CEILING = 10;
const ADMIN = { email: "admin@example.com", password: SHARED_SECRETS.ADMIN_PASSWORD };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function resumeLimit(report, baseUrl, statuses) {
  // Fixed windows: start the burst well inside one, so that the whole of it is counted in the same window.
  const intoWindow = Date.now() % RESUME_WINDOW_MS;
  if (intoWindow > RESUME_WINDOW_MS - 15_000) await sleep(RESUME_WINDOW_MS - intoWindow + 500);
  const client = new Browser(baseUrl, 900, statuses);
  const seen = [];
  for (let i = 0; i < RESUME_MAX + 10; i++) {
    const answer = await client.call("POST", "/api/applications/resume", {
      json: { token: randomBytes(32).toString("base64url") },
      headers: { "x-reliability-pin": String(i % 2) },
    });
    seen.push({ status: answer.status, instance: answer.headers["x-reliability-instance"] });
  }
  const allowed = seen.filter((s) => s.status !== 429);
  const limited = seen.filter((s) => s.status === 429);
  const instances = (rows) => new Set(rows.map((s) => s.instance)).size;
  report.check(
    `the start/resume rate limit holds across instances (${RESUME_MAX} per address in all)`,
    allowed.length === RESUME_MAX && limited.length === 10 && instances(allowed) === 2 && instances(limited) === 2,
    `${allowed.length} answered (${[...new Set(allowed.map((s) => s.status))].join("/")}), ${limited.length} × 429, over ${instances(seen)} instances`,
  );
}

/** One credentials sign-in on instance `pin` (the CSRF token comes from the other: the secret is shared too). */
async function signIn(client, password, pin) {
  const csrf = await client.call("GET", "/api/auth/csrf", { headers: { "x-reliability-pin": String(1 - pin) } });
  const answer = await client.call("POST", "/api/auth/callback/credentials", {
    form: { csrfToken: csrf.json?.csrfToken ?? "", email: ADMIN.email, password, json: "true" },
    headers: { "x-reliability-pin": String(pin) },
  });
  return (answer.headers["set-cookie"] ?? []).some((c) => /session-token=[^;]+/.test(c));
}

async function signInThrottle(report, baseUrl, statuses) {
  const home = new Browser(baseUrl, 901, statuses);
  const before = await signIn(home, ADMIN.password, 0);
  // One address guesses, alternating instances; then the right password from it must wait too.
  const guesser = new Browser(baseUrl, 902, statuses);
  const failures = [];
  for (let i = 0; i < SIGN_IN_FREE; i++) failures.push(await signIn(guesser, "wrong-password", i % 2));
  // Each instance saw at most 3 of the 5 failures: only a count shared by both refuses the right password now.
  const after = await signIn(guesser, ADMIN.password, 1);
  // The throttle is per (account, address): the admin's own address still gets in.
  const homeAfter = await signIn(home, ADMIN.password, 0);
  report.check(
    `the staff sign-in throttle holds across instances (${SIGN_IN_FREE} failures per account and address in all), and spares the account's own address`,
    before && failures.every((f) => !f) && !after && homeAfter,
    `signed in before: ${before}; ${failures.length} failures alternating over both instances; the guesser signed in after: ${after}; the owner's address after: ${homeAfter}`,
  );
}

/** `guesses` wrong passwords for a new (unknown) account sent at once over both instances; answers the outcomes. */
async function guessAtOnce(baseUrl, statuses, db, guesses, client) {
  const email = `nobody.${randomBytes(4).toString("hex")}@example.com`;
  await Promise.all(
    Array.from({ length: guesses }, async (_, i) => {
      const browser = client(i);
      const csrf = await browser.call("GET", "/api/auth/csrf", { headers: { "x-reliability-pin": String(i % 2) } });
      await browser.call("POST", "/api/auth/callback/credentials", {
        form: { csrfToken: csrf.json?.csrfToken ?? "", email, password: `guess-${i}`, json: "true" },
        headers: { "x-reliability-pin": String(i % 2) },
      });
    }),
  );
  const rows = await db.query("select outcome, count(*)::int as n from staff_sign_in_attempts where email = $1 group by outcome", [email]);
  return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
}

/** Guesses sent at once over both instances: from one address, no more than its allowance is checked; from many, the account's ceiling. */
async function concurrentGuesses(report, baseUrl, statuses, db) {
  const guesses = 16;
  // Browsers of one address, each with its own cookies (a shared jar would mix their CSRF tokens).
  const fromOne = await guessAtOnce(baseUrl, statuses, db, guesses, () => new Browser(baseUrl, 919, statuses));
  report.check(
    `${guesses} password guesses at once from one address over both instances: only ${SIGN_IN_FREE} checked, the rest throttled`,
    (fromOne.bad_credentials ?? 0) === SIGN_IN_FREE && (fromOne.throttled ?? 0) === guesses - SIGN_IN_FREE,
    JSON.stringify(fromOne),
  );
  const fromMany = await guessAtOnce(baseUrl, statuses, db, guesses, (i) => new Browser(baseUrl, 920 + i, statuses));
  report.check(
    `${guesses} password guesses at once from ${guesses} addresses over both instances: only ${SIGN_IN_CEILING} checked (the account's ceiling), the rest throttled`,
    (fromMany.bad_credentials ?? 0) === SIGN_IN_CEILING && (fromMany.throttled ?? 0) === guesses - SIGN_IN_CEILING,
    JSON.stringify(fromMany),
  );
}

export async function checkSharedLimits(report, baseUrl, statuses, db) {
  await resumeLimit(report, baseUrl, statuses);
  await signInThrottle(report, baseUrl, statuses);
  await concurrentGuesses(report, baseUrl, statuses, db);
}

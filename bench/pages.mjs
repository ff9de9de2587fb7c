// Benchmark: first-load JavaScript (gzip) of each page of the cardholder flow, and, when asked,
// Lighthouse mobile performance of each (median of 3 runs).
//
//   node bench/pages.mjs                 JS sizes only (own server, fresh data)
//   BENCH_LIGHTHOUSE=1 node bench/pages.mjs   also Lighthouse, via `npx -y lighthouse@12.8.2` and CHROME_PATH
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { agent, request, startOwnServer } from "./server.mjs";

const server = await startOwnServer();
const base = server.url;

/** Starts a Standard application to reach the form pages with its access cookie. */
async function applicationCookie() {
  const started = await request(
    `${base}/api/applications`,
    "POST",
    JSON.stringify({ productId: "prod_travel_standard_usd" }),
    { "content-type": "application/json" },
    true,
  );
  const cookie = String(started.headers["set-cookie"]?.[0] ?? "").split(";")[0];
  const { application } = JSON.parse(started.body.toString("utf8"));
  return { id: application.id, cookie };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/**
 * A second Standard application, answered and submitted, for the pages that only a submitted application shows
 * as they are (verify: the identity-check link; status: waiting for the check). A draft is sent back from them.
 */
async function submittedApplication() {
  const { id, cookie } = await applicationCookie();
  const send = async (path, init) => {
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...init.headers, cookie } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  const json = (method, body) => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const form = new FormData();
  form.set("field", "identity.front_file_id");
  form.set("file", new Blob([PNG], { type: "image/png" }), "passport.png");
  await send(`/api/applications/${id}/documents`, { method: "POST", body: form, headers: {} });
  const steps = [
    ["about-you", { first_name: "Ada", last_name: "Bench", birth_date: "1979-03-14", nationality: "GB" }],
    ["contact", { email: `bench.${Date.now()}@example.com`, area_code: "+44", mobile_number: "7700900123" }],
    ["identity-document", { identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2032-01-31" } }],
  ];
  for (const [step, values] of steps) await send(`/api/applications/${id}/draft`, json("PUT", { step, values }));
  await send(`/api/applications/${id}/submit`, json("POST", {}));
  return { id, cookie };
}

async function firstLoadJs(path, cookie) {
  const page = await request(`${base}${path}`, "GET", undefined, cookie ? { cookie } : {}, true);
  const html = page.body.toString("utf8");
  // noModule scripts (Next's legacy polyfills) are never downloaded by a browser that runs modules.
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)];
  const scripts = [...new Set(tags.filter((m) => !/\snomodule/i.test(m[0])).map((m) => m[1]))];
  let raw = 0;
  let gzip = 0;
  for (const src of scripts) {
    const js = (await request(new URL(src, base).toString(), "GET", undefined, {}, true)).body;
    raw += js.length;
    gzip += gzipSync(js, { level: 9 }).length;
  }
  return { path, status: page.status, scripts: scripts.length, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

/**
 * One Lighthouse run: the score and the metrics behind it. A run that fails to record the page (Lighthouse's own
 * NO_NAVSTART and the like) is tried again.
 */
function lighthouseRun(args) {
  for (let attempt = 1; ; attempt++) {
    try {
      const out = execFileSync("npx", args, {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", "pipe", "ignore"],
      });
      const report = JSON.parse(out.toString("utf8"));
      const metric = (key) => report.audits[key].numericValue;
      return {
        score: Math.round(report.categories.performance.score * 100),
        fcp: metric("first-contentful-paint"),
        lcp: metric("largest-contentful-paint"),
        tbt: metric("total-blocking-time"),
        cls: metric("cumulative-layout-shift"),
      };
    } catch (error) {
      if (attempt === 3) throw new Error(`Lighthouse failed 3 times on ${args[2]}: ${String(error).slice(0, 200)}`);
    }
  }
}

/** Three runs: the median score and, for each metric, its median (which may come from another run). */
function lighthouse(url, cookie) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const args = [
      "-y",
      "lighthouse@12.8.2",
      url,
      "--quiet",
      "--output=json",
      "--only-categories=performance",
      "--form-factor=mobile",
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run`,
    ];
    if (cookie) args.push(`--extra-headers=${JSON.stringify({ cookie })}`);
    runs.push(lighthouseRun(args));
  }
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[1];
  const scores = runs.map((r) => r.score).sort((a, b) => a - b);
  return { scores, median: scores[1], fcp: median("fcp"), lcp: median("lcp"), tbt: median("tbt"), cls: median("cls") };
}

try {
  const { id, cookie } = await applicationCookie();
  const sent = await submittedApplication();
  const pages = [
    await firstLoadJs("/"),
    await firstLoadJs(`/apply/${id}/about-you`, cookie),
    await firstLoadJs(`/apply/${id}/identity-document`, cookie),
    await firstLoadJs(`/apply/${id}/review`, cookie),
    await firstLoadJs(`/apply/${sent.id}/verify`, sent.cookie),
    await firstLoadJs(`/apply/${sent.id}/status`, sent.cookie),
  ];
  for (const p of pages) {
    const name = p.path.replace(id, "{id}").replace(sent.id, "{id}");
    console.log(
      `${name.padEnd(34)} HTTP ${p.status}  ${String(p.scripts).padStart(2)} scripts  ${p.rawKb.toFixed(0).padStart(5)} kB raw  ${p.gzipKb.toFixed(1).padStart(6)} kB gzip`,
    );
  }
  if (process.env.BENCH_LIGHTHOUSE) {
    const targets = [
      ["/", undefined],
      // Every form step of the Standard card.
      ...["about-you", "contact", "address", "identity-document"].map((step) => [`/apply/${id}/${step}`, cookie]),
      [`/apply/${id}/review`, cookie],
      [`/apply/${sent.id}/verify`, sent.cookie],
      [`/apply/${sent.id}/status`, sent.cookie],
    ];
    for (const [path, pathCookie] of targets) {
      const run = lighthouse(`${base}${path}`, pathCookie);
      const name = path.replace(id, "{id}").replace(sent.id, "{id}");
      console.log(
        `Lighthouse mobile performance  ${name}: ${run.median} (runs ${run.scores.join(", ")}); medians FCP ${Math.round(run.fcp)} ms, ` +
          `LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`,
      );
    }
  }
} finally {
  server.stop();
  agent.destroy();
}

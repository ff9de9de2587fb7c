// The staff work queue at scale: N seeded applications (default 100,000), the list page with a search and a
// filter (server time p50/p95 over 50 requests each), and the CSV export of every row with the server's memory
// sampled while it streams. `node bench/admin.mjs [N]`; BENCH_DATA_DIR reuses a seeded folder.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const count = Number(process.argv[2] ?? 100_000);
const reuse = process.env.BENCH_DATA_DIR;
const dataDir = reuse ?? mkdtempSync(path.join(tmpdir(), "portal-admin-bench-"));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://localhost:${port}`;
const jar = new Map();

function call(url, { method = "GET", body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const req = http.request(url, { method, headers: { ...headers, cookie } }, (res) => {
      for (const c of res.headers["set-cookie"] ?? []) {
        const [pair] = c.split(";");
        const at = pair.indexOf("=");
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      resolve(res);
    });
    req.on("error", reject);
    req.end(body);
  });
}
const text = async (res) => {
  let out = "";
  for await (const chunk of res) out += chunk;
  return out;
};
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

buildIfNeeded();
if (!reuse || !existsSync(path.join(dataDir, "pglite"))) {
  console.log(`[bench] seeding ${count} applications into ${dataDir}`);
  const seeded = spawnSync("npm", ["run", "-s", "db:seed", "--", "--applications", String(count)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  if (seeded.status !== 0) process.exit(1);
}
const server = spawn(process.execPath, ["scripts/serve.mjs"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: base,
    DATA_DIR: dataDir,
    ISSUER_BASE_URL: "",
    DATABASE_URL: "",
  },
  stdio: "ignore",
});
try {
  for (let i = 0; i < 300; i++) {
    if (
      (await call(`${base}/api/health`)
        .then((r) => (r.resume(), r.statusCode))
        .catch(() => 0)) === 200
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const { csrfToken } = JSON.parse(await text(await call(`${base}/api/auth/csrf`)));
  const form = new URLSearchParams({ csrfToken, email: "admin@example.com", password: "admin-password", json: "true" }).toString();
  (
    await call(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
  ).resume();

  const views = {
    "first page": "/admin/applications",
    "search 'love' + state kyc_pending": "/admin/applications?q=love&state=kyc_pending",
    "search by email": "/admin/applications?q=ada.lovelace.0%40example.com",
    "needs attention, oldest first": "/admin/applications?attention=1&sort=created_asc",
  };
  console.log(`\n${count} applications; server time of the list page (sequential, loopback), 50 requests after 5 warm-ups:`);
  for (const [name, url] of Object.entries(views)) {
    const times = [];
    for (let i = 0; i < 55; i++) {
      const t0 = performance.now();
      const res = await call(`${base}${url}`);
      await text(res);
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      if (i >= 5) times.push(performance.now() - t0);
    }
    console.log(`  ${name.padEnd(38)} p50 ${pct(times, 50).toFixed(0)} ms  p95 ${pct(times, 95).toFixed(0)} ms`);
  }

  for (const url of ["/api/admin/applications/export?state=failed", "/api/admin/applications/export"]) {
    const before = rss(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(server.pid))), 50);
    const t0 = performance.now();
    const csv = await text(await call(`${base}${url}`));
    clearInterval(sampler);
    const rows = csv.split("\r\n").length - 2;
    console.log(
      `  export ${url.includes("state") ? "failed only" : "all rows"}: ${rows} rows, ${(csv.length / 1e6).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak`,
    );
  }
} finally {
  server.kill("SIGTERM");
  if (!reuse) rmSync(dataDir, { recursive: true, force: true });
}

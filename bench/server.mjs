// Shared by the benchmarks: keep-alive HTTP requests and an own production server on a free port.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request; answers the status (and the body and headers when asked). */
export function request(url, method, body, headers = {}, full = false) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, agent, headers: body ? { ...headers, "content-length": Buffer.byteLength(body) } : headers },
      (res) => {
        const chunks = [];
        res.on("data", (c) => full && chunks.push(c));
        res.on("end", () =>
          resolve(full ? { status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers } : (res.statusCode ?? 0)),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Builds if needed and starts `next start` on a free port with a fresh DATA_DIR (sandbox mode), with `env` added.
 * `stop()` resolves once the server has exited; with `keepData` the DATA_DIR stays until `remove()`.
 */
export async function startOwnServer({ env = {}, keepData = false } = {}) {
  buildIfNeeded();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-bench-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(path.join(root, "node_modules", ".bin", "next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_URL: url,
      DATA_DIR: dataDir,
      PORTAL_MODE: "sandbox",
      ISSUER_BASE_URL: "",
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      ...env,
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 150; i++) {
    if ((await request(`${url}/api/health`, "GET").catch(() => 0)) === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  return {
    url,
    pid: child.pid,
    dataDir,
    remove,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      if (!keepData) remove();
    },
  };
}

/** Rows of one query on the server's database, read by the bench itself: Postgres at DATABASE_URL, else the own
 * server's PGlite folder (only once that server has stopped: PGlite is one process per folder). */
export async function queryDatabase(dataDir, sql) {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    return (await db.query(sql)).rows;
  } finally {
    await db.close();
  }
}

/** CPU time (user + system, ms) used so far by a process and its descendants, from /proc (Linux only). */
export function cpuMs(pid) {
  const stats = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command (which may hold spaces) start at the last ")": state, ppid, ..., utime (14), stime (15).
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.push({ pid: Number(entry), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const mine = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) if (!mine.has(s.pid) && mine.has(s.ppid)) grew = mine.add(s.pid) !== undefined;
  }
  return stats.filter((s) => mine.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) * 10; // 100 ticks a second
}

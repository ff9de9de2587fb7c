// The portal instances under test: `node scripts/serve.mjs` (the production entry) on their own ports, all on
// one database and all behind the proxy, which is also their public origin (APP_URL): their calls to the
// sandbox and the sandbox's webhooks go through it and so spread over every instance.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/**
 * The secrets every instance shares: the same keys must open what another instance sealed or signed. The demo
 * admin's password too: each instance has a DATA_DIR of its own, where it would otherwise generate its own.
 */
export const SHARED_SECRETS = {
  NEXTAUTH_SECRET: "reliability-nextauth-secret-0123456789abcdef",
  DATA_ENCRYPTION_KEY: "reliability-data-encryption-key-0123456789abcdef",
  ADMIN_PASSWORD: randomBytes(18).toString("base64url"),
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One instance: start, SIGKILL, restart; its output is kept to show when it fails. */
export class Instance {
  constructor(name, port, { databaseUrl, appUrl }) {
    this.name = name;
    this.port = port;
    this.dataDir = mkdtempSync(path.join(tmpdir(), `portal-rel-${name}-`));
    this.env = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: appUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: this.dataDir,
      PORTAL_MODE: "sandbox",
      ISSUER_BASE_URL: "",
      SANDBOX_WEBHOOK_URL: `${appUrl}/api/webhooks/issuer`,
      SANDBOX_APPROVAL_DELAY_MS: "300",
      TRUST_PROXY_HOPS: "1",
      ...SHARED_SECRETS,
    };
    this.output = [];
    this.starts = 0;
  }

  async start() {
    this.starts += 1;
    const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs")], { cwd: root, env: this.env, stdio: "pipe" });
    const keep = (chunk) => {
      this.output.push(chunk.toString("utf8"));
      if (this.output.length > 400) this.output.splice(0, 100);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    this.child = child;
    const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(`exited (${code ?? signal})`)));
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const ready = await Promise.race([this.healthy(), exited, sleep(500).then(() => false)]);
      if (ready === true) return;
      if (typeof ready === "string") throw new Error(`instance ${this.name} ${ready}:\n${this.tail()}`);
      await sleep(200);
    }
    throw new Error(`instance ${this.name} did not become healthy in 120 s:\n${this.tail()}`);
  }

  async healthy() {
    try {
      const answer = await fetch(`http://127.0.0.1:${this.port}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return answer.status === 200;
    } catch {
      return false;
    }
  }

  /** The crash: no shutdown hook runs, in-flight requests and claims are simply abandoned. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await gone;
  }

  async stop() {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([gone, sleep(8_000)]);
      if (child.exitCode === null && child.signalCode === null) await this.kill();
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  tail() {
    return this.output.join("").split("\n").slice(-30).join("\n");
  }
}

import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { demoAdminPassword } from "./demo-admin";

// Starts a second server of the same build (scripts/serve.mjs, as `npm start` does) with its own environment. A
// sandbox-mode server gets the run's demo admin password (DEMO_ADMIN signs in); `ADMIN_PASSWORD: ""` lets it generate one.

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null>; stop: () => Promise<void> };

/** Starts the portal's server script (by default this checkout's; the standalone artifact passes its own, a spec may run `next start`). */
export function startServer(port: number, env: Record<string, string>, script = "scripts/serve.mjs", args: string[] = []): Started {
  const child = spawn(process.execPath, [script, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      ...(env.PORTAL_MODE === "live" ? {} : { ADMIN_PASSWORD: demoAdminPassword() }),
      ...env,
    },
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A live-mode configuration whose issuer cannot be reached (issuer.invalid): everything a live start requires. */
export const LIVE_ENV = {
  PORTAL_MODE: "live",
  ISSUER_BASE_URL: "https://issuer.invalid",
  ISSUER_API_KEY: "live_key",
  ISSUER_API_SECRET: "live_secret",
  ISSUER_WEBHOOK_SECRET: "live_webhook_secret",
  NEXTAUTH_SECRET: "n".repeat(40),
  DATA_ENCRYPTION_KEY: "d".repeat(40),
  MAIL_DISABLED: "1",
};

/** The exit code of a server that is to stop on its own (a refused start); killed after `ms`. */
export async function exitOf(server: Started, ms = 60_000): Promise<number | null> {
  const timer = setTimeout(() => server.child.kill("SIGKILL"), ms);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}

/** Polls until the server answers `path`, or fails after `ms`. */
export async function waitForHttp(url: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

// Starts a second server of the same build (scripts/serve.mjs, as `npm start` does) with its own environment.

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
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: String(port), ...env },
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

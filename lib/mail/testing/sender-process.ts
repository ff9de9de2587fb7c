import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { SenderChildConfig } from "@/lib/mail/testing/sender-child";

// Starts lib/mail/testing/sender-child.ts in its own Node process (tsx; its env file points tsx at a tsconfig that
// maps `server-only` to an empty module: the react-server condition would break react-dom/server, which renders
// the mail), and kills it with SIGKILL: no handler runs, as in a crash.

const CHILD = path.join(__dirname, "sender-child.ts");
const ENV_FILE = path.join(__dirname, "sender-child.env");

export type SenderProcess = {
  pid: number;
  /** What it printed (JSON lines and the sender's log), for a failure's message. */
  output: string[];
  exited: Promise<number | string | null>;
  /** Starts sending (it stands by, loaded, until then). */
  go: () => void;
  kill: () => Promise<void>;
};

export type SenderProcessOptions = {
  /** Each line it prints. */
  onLine?: (line: string) => void;
  /** Its whole environment (e.g. NODE_ENV=production, as a portal runs); the parent's when absent. */
  env?: NodeJS.ProcessEnv;
  /** More Node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
};

export async function startSenderProcess(config: SenderChildConfig, options: SenderProcessOptions = {}): Promise<SenderProcess> {
  const { onLine, env, nodeArgs = [] } = options;
  const args = [`--env-file=${ENV_FILE}`, ...nodeArgs, "--import", "tsx", CHILD, JSON.stringify(config)];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: path.join(__dirname, "../../.."),
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const output: string[] = [];
  const exited = new Promise<number | string | null>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const ready = new Promise<void>((resolve, reject) => {
    let rest = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        if (output.push(line) > 200) output.shift();
        if (line.startsWith('{"ready"')) resolve();
        onLine?.(line);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    void exited.then((how) => reject(new Error(`the sender exited (${how}) before it was ready:\n${output.join("\n")}`)));
  });
  await ready;
  return {
    pid: child.pid ?? 0,
    output,
    exited,
    go: () => void child.stdin?.write("go\n"),
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

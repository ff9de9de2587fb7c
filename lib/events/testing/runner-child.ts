import { keyringOf } from "@/lib/crypto/secret-box";
import { openDatabase } from "@/lib/db/open";
import { eventPass } from "@/lib/events/runner-pass";

// An event runner alone in its process, as a portal instance runs it (its pass, the advisory lock), for the test
// that SIGKILLs it mid-delivery (lib/events/crash.test.ts). Its one argument: `{ url, keySecret, leaseMs }` (JSON).

type Config = { url: string; keySecret: string; leaseMs: number };

async function main(config: Config) {
  const handle = await openDatabase({ kind: "postgres", url: config.url, poolSize: 4 });
  // Its parent went away (a test run that ended badly): no runner is left on its own.
  process.stdin.once("end", () => process.exit(0));
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ ready: process.pid })}\n`);
  const deps = {
    db: handle.db,
    keys: keyringOf(config.keySecret),
    mode: "sandbox" as const,
    now: () => new Date(),
    leaseMs: config.leaseMs,
  };
  for (;;) {
    const { more } = await eventPass("postgres", deps);
    if (!more) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

void main(JSON.parse(process.argv[2] ?? "{}") as Config);

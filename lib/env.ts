import "server-only";
import { formatProblems, parseEnv, type Env, type Mode } from "@/lib/env-parse";
import type { RawEnv } from "@/lib/env-schema";

// The one reader of process.env. The entries (type, default, meaning) are lib/env-schema.ts; the parser that maps
// them to the fields below is lib/env-parse.ts, which scripts/serve.mjs runs too.
export { formatProblems, isLoopbackHost, parseEnv, type Env, type EnvResult, type Mode } from "@/lib/env-parse";

export class EnvError extends Error {
  constructor(
    readonly mode: Mode,
    readonly problems: string[],
  ) {
    super(formatProblems(mode, problems));
    this.name = "EnvError";
  }
}

let cached: Env | undefined;

/** The validated environment of this process; throws an EnvError naming every problem. */
export function getEnv(): Env {
  if (cached) return cached;
  const result = parseEnv(process.env as RawEnv);
  if (!result.ok) throw new EnvError(result.mode, result.problems);
  cached = result.env;
  // next-auth reads its public URL from the environment itself: it is derived here, the one place that writes it.
  process.env.NEXTAUTH_URL ??= cached.appUrl;
  return cached;
}

import type { z } from "zod";

// The shape of one entry of lib/env-schema.ts, and the two ways to make one.

export type Meta = {
  /** Where it sits in .env.example. */
  group: Group;
  description: string;
  /** Live mode refuses to start without it. */
  required?: "live";
  /** A credential: .env.example leaves its value empty, the docs mark it. */
  secret?: boolean;
  /** The value .env.example shows (else the default). */
  example?: string;
  /** A default that differs by mode, applied by parseEnv. */
  modeDefault?: { sandbox?: string; live?: string };
  /** A default derived from other values or generated, in words (parseEnv derives it). */
  defaultDoc?: string;
};

export const GROUPS = {
  portal: "the portal",
  issuer: "the issuer (live mode: PORTAL_MODE=live)",
  retention: "retention and background work",
  staff: "secrets and staff sign-in",
  mail: "email",
  sandbox: "sandbox mode only",
  tests: "tests only",
} as const;
export type Group = keyof typeof GROUPS;

export type Setting = Meta & { schema: z.ZodType; default?: string | number };

/** An entry whose value is undefined when unset (or given by modeDefault/defaultDoc in parseEnv). */
export function optional<S extends z.ZodType>(schema: S, meta: Meta) {
  return { ...meta, schema };
}

/** An entry with one default in both modes: the schema answers it when the variable is unset. */
export function withDefault<T extends string | number>(schema: z.ZodType<T | undefined, unknown>, value: T, meta: Meta) {
  return { ...meta, default: value, schema: schema.transform((v): T => v ?? value) };
}

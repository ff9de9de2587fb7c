import { z } from "zod";

// The validators of lib/env-schema.ts's entries. Each takes the raw text (blank counts as unset) and answers the
// value or undefined; the entry adds its default. Messages follow the variable's name: "PORT must be ...".

// Blank strings count as unset: `FOO=` in an env file must not silently become a value.
export const optionalText = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().optional());

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function httpUrl(requireHttpsOffLoopback: boolean) {
  return optionalText.pipe(
    z
      .string()
      .refine(isHttpUrl, { message: "must be an absolute http:// or https:// URL", abort: true })
      .refine(
        (v) => !requireHttpsOffLoopback || v.startsWith("https://") || loopbackHosts.has(new URL(v).hostname),
        "must use https:// (plain http is accepted only for localhost)",
      )
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  );
}

export const intInRange = (min: number, max: number) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`)
      .optional(),
  );

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  optionalText.pipe(z.enum(values, { message }).optional());

export const matching = (pattern: RegExp, message: string) => optionalText.pipe(z.string().regex(pattern, message).optional());

export const postgresUrl = matching(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL");

export const emailOrUrl = optionalText.pipe(
  z
    .string()
    .refine((v) => z.string().email().safeParse(v).success || /^https?:\/\/[^\s]+$/.test(v), "must be an email address or an http(s) URL")
    .optional(),
);

export const email = optionalText.pipe(z.string().email({ message: "must be an email address" }).optional());

/** A comma list, trimmed and lower-cased, each item matching `item`. */
export const commaList = (item: string, message: string) =>
  optionalText.pipe(
    z
      .string()
      .regex(new RegExp(`^${item}(\\s*,\\s*${item})*$`), message)
      .transform((v) => v.split(",").map((s) => s.trim().toLowerCase()))
      .optional(),
  );

/** `smtp://user:pass@host:port` or `smtps://...`: user and password percent-encoded. */
export const smtpUrl = optionalText.pipe(
  z
    .string()
    .refine((v) => {
      try {
        const url = new URL(v);
        return ["smtp:", "smtps:"].includes(url.protocol) && url.hostname !== "";
      } catch {
        return false;
      }
    }, "must be an smtp:// or smtps:// URL with a host (smtp://user:pass@host:port)")
    .optional(),
);

/** `Name <address>` or a bare address: the sender of every email. */
export const mailbox = optionalText.pipe(
  z
    .string()
    .refine((v) => {
      const address = /<([^<>]+)>\s*$/.exec(v)?.[1] ?? v;
      return z.string().email().safeParse(address.trim()).success && !/[\r\n]/.test(v);
    }, "must be an email address or Name <address>")
    .optional(),
);

import "server-only";
import { getEnv } from "@/lib/env";
import type { MailContext } from "@/lib/mail/messages";

// What the mail code takes from the configuration, in one value tests can build themselves.

export type MailSettings = {
  /** False with MAIL_DISABLED=1: nothing is queued, links are copied by hand. */
  enabled: boolean;
  /** MAIL_FROM as given: `Name <address>`. */
  from: string;
  ctx: MailContext;
  appUrl: string;
};

const DEFAULT_MERCHANT = "Card portal";

/** The display name of `Name <address>` (quotes dropped), or the portal's name when MAIL_FROM has none. */
export function merchantNameOf(from: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*<[^<>]+>\s*$/.exec(from)?.[1]?.trim();
  return name || DEFAULT_MERCHANT;
}

/** The bare address of `Name <address>`. */
export const addressOf = (from: string): string => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

export function mailSettings(): MailSettings {
  const env = getEnv();
  return {
    enabled: !env.mail.disabled,
    from: env.mail.from,
    appUrl: env.appUrl,
    ctx: { merchant: merchantNameOf(env.mail.from), support: env.support, merchantAppUrl: env.merchantAppUrl },
  };
}

import "server-only";
import { getEnv } from "@/lib/env";

// Where messages go: SMTP_URL, or in sandbox mode without it the embedded catcher, whose address is known only once
// lib/startup.ts started it (a free loopback port). Kept on globalThis so that dev-mode reloads see it.

const holder = globalThis as typeof globalThis & { __portalMailCatcherUrl?: string };

/** Called by lib/startup.ts once the sandbox's catcher listens. */
export function sendThroughCatcher(url: string): void {
  holder.__portalMailCatcherUrl = url;
}

/** The SMTP server to send through now; undefined when mail is disabled or the catcher has not started yet. */
export function smtpUrlNow(): string | undefined {
  const { mail } = getEnv();
  if (mail.disabled) return undefined;
  return mail.smtpUrl ?? holder.__portalMailCatcherUrl;
}

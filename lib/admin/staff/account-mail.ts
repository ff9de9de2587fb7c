import "server-only";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { StaffUser } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { queueMail } from "@/lib/mail/queue";
import type { MailSettings } from "@/lib/mail/settings";

// The set-password link of a new or reset staff account, emailed to the account's own address. Queued with the
// handle of the account change's transaction: the email exists exactly when the link it carries does.

export type AccountMailDeps = { mail?: MailSettings; keys?: Keyring; now: () => Date };
export type AccountLink = { url: string; expiresAt: Date };

/**
 * Queues the invite (new account) or the reset email; answers whether it was queued. Without mail settings or a
 * keyring (tests, MAIL_DISABLED=1) nothing is queued and the admin passes the link on by hand.
 */
export async function emailAccountLink(
  tx: Database,
  deps: AccountMailDeps,
  user: Pick<StaffUser, "id" | "email" | "role">,
  kind: "staff_invite" | "staff_password_reset",
  link: AccountLink,
): Promise<boolean> {
  if (!deps.mail?.enabled || !deps.keys || !user.email.includes("@")) return false;
  const expires = link.expiresAt.toISOString();
  const common = { locale: "en" as const, to: user.email, ring: deps.keys, staffUserId: user.id };
  const row =
    kind === "staff_invite"
      ? await queueMail(tx, deps.mail, { ...common, kind, params: { link: link.url, expires, role: user.role } }, deps.now())
      : await queueMail(tx, deps.mail, { ...common, kind, params: { link: link.url, expires } }, deps.now());
  return row !== undefined;
}

import "server-only";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { KycLinkPolicy } from "@/lib/applications/kyc-url";
import { getDb } from "@/lib/db";
import type { Database } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { getIssuer, type IssuerClient } from "@/lib/issuer";
import { mailSettings, type MailSettings } from "@/lib/mail/settings";

/** What the onboarding domain needs; tests pass their own (a PGlite database, a client of a test sandbox). */
export type AppDeps = {
  db: Database;
  issuer: IssuerClient;
  now: () => Date;
  keys: Keyring;
  appUrl: string;
  kycLinks: KycLinkPolicy;
  /** Emails to the applicant (lib/mail); absent (tests that do not look at mail) or disabled: none are queued. */
  mail?: MailSettings;
};

/** The process's dependencies: its database, its issuer client, the real clock. */
export async function processDeps(): Promise<AppDeps> {
  return {
    db: await getDb(),
    issuer: getIssuer(),
    now: () => new Date(),
    keys: getKeyring(),
    appUrl: getEnv().appUrl,
    kycLinks: getEnv().kycLinks,
    mail: mailSettings(),
  };
}

import "server-only";
import type { Application } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/config";
import { emailSchema } from "@/lib/requirements/limits";
import { STEP_IDS } from "@/lib/requirements/types";
import { enforce, LIMITS } from "@/lib/security/rate-limit";
import { queueMail } from "@/lib/mail/queue";
import { maskEmail } from "@/lib/mail/mask";
import { FAILURE_TEXTS, type FailureText } from "@/lib/mail/messages";
import type { AppDeps } from "@/lib/applications/deps";
import { answersOf, sealingKeys } from "@/lib/applications/keys";
import { outcomeOf } from "@/lib/applications/outcomes";
import { referenceOf } from "@/lib/applications/reference";

// The emails an application causes, queued in the transaction of what causes them (lib/mail delivers them). The
// address is the one in the application's own answers, never one given with the request.

/** The applicant's address and language (the one chosen when the application was last used). */
export async function recipientOf(deps: AppDeps, app: Application): Promise<{ to: string; locale: Locale } | undefined> {
  const email = emailSchema.safeParse((await answersOf(deps, app)).email);
  return email.success ? { to: email.data, locale: isLocale(app.locale) ? app.locale : DEFAULT_LOCALE } : undefined;
}

/** What the status page says of a failure (applyReview.status.what.*), from the kept failure code. */
function failureText(app: Application): FailureText {
  const key = app.failureCode ? outcomeOf(app.failureCode).messageKey.replace("status.failure.", "") : "other";
  return (FAILURE_TEXTS as readonly string[]).includes(key) ? (key as FailureText) : "other";
}

/**
 * The email of an ending: card issued, identity refused, or failed. Called by move() inside the transition's
 * transaction, so the message exists exactly when the state does; one per application and ending (dedupe key).
 */
export async function queueEndingMail(deps: AppDeps, tx: Database, app: Application): Promise<void> {
  if (!deps.mail?.enabled || !["card_issued", "kyc_rejected", "failed"].includes(app.state)) return;
  const d = { ...deps, db: tx };
  const recipient = await recipientOf(d, app);
  if (!recipient) return;
  const reference = referenceOf(app.id);
  const base = { ...recipient, ring: await sealingKeys(d, app.id), applicationId: app.id };
  const now = deps.now();
  if (app.state === "card_issued")
    await queueMail(tx, deps.mail, { ...base, kind: "card_issued", params: { reference }, dedupeKey: `card_issued:${app.id}` }, now);
  else if (app.state === "kyc_rejected")
    await queueMail(
      tx,
      deps.mail,
      { ...base, kind: "kyc_rejected", params: { reference, what: failureText(app) }, dedupeKey: `kyc_rejected:${app.id}` },
      now,
    );
  else
    await queueMail(
      tx,
      deps.mail,
      {
        ...base,
        kind: "application_failed",
        params: { reference, what: failureText(app) },
        dedupeKey: `failed:${app.id}:${now.getTime()}`,
      },
      now,
    );
}

/** The contact step (or a later one) was saved, or the application was sent: its email is the person's own. */
export function contactSaved(app: Application): boolean {
  if (app.state !== "draft") return true;
  const last = STEP_IDS.indexOf(app.lastStep as (typeof STEP_IDS)[number]);
  return last >= STEP_IDS.indexOf("contact");
}

/**
 * "Email me a link to continue": the holder's current one-time resume link (the one the page shows, same rules),
 * to the application's own address. Answers the address masked, for the page to say where it went.
 */
export async function emailResumeLink(deps: AppDeps, app: Application, link: string | null): Promise<{ sentTo: string }> {
  if (!deps.mail?.enabled) throw new PortalError("INVALID_STATE", "Email is not available on this portal.");
  if (!link) throw new PortalError("INVALID_STATE", "This application has no resume link to send.");
  const recipient = contactSaved(app) ? await recipientOf(deps, app) : undefined;
  if (!recipient)
    throw new PortalError("INVALID_STATE", "Save your contact details first: the link goes to the email address you give there.", {
      _form: "apply.resume.emailNeedsContact",
    });
  // Counted only once there is something to send: per application, and per recipient (its blind index).
  await enforce(deps.db, LIMITS.resumeEmailPerApplication, app.id, deps.now());
  if (app.emailIndex) await enforce(deps.db, LIMITS.resumeEmailPerAddress, app.emailIndex, deps.now());
  const expires = app.resumeExpiresAt.toISOString();
  await queueMail(
    deps.db,
    deps.mail,
    {
      ...recipient,
      kind: "resume_link",
      ring: await sealingKeys(deps, app.id),
      applicationId: app.id,
      params: { link, expires },
      // A resume link opens an unfinished application only: not sent once it has ended.
      onlyInStates: ["draft", "submitted", "kyc_pending", "approved", "card_issuing"],
    },
    deps.now(),
  );
  return { sentTo: maskEmail(recipient.to) };
}

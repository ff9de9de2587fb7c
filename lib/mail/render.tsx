import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";
import type { MailKind } from "@/lib/db/schema/mail";
import { catalogs } from "@/lib/i18n/catalogs";
import type { Locale } from "@/lib/i18n/config";
import { createTranslator, type MessageKey, type Translate } from "@/lib/i18n/translate";
import type { MailContext, MailInput, MailParams } from "@/lib/mail/messages";
import { AdminDigestMail } from "@/lib/mail/templates/admin-digest";
import { CardIssuedMail } from "@/lib/mail/templates/card-issued";
import { KycReminderMail } from "@/lib/mail/templates/kyc-reminder";
import { ApplicationFailedMail, KycRejectedMail } from "@/lib/mail/templates/outcome";
import type { TemplateProps } from "@/lib/mail/templates/props";
import { ResumeLinkMail } from "@/lib/mail/templates/resume-link";
import { StaffInviteMail, StaffPasswordResetMail } from "@/lib/mail/templates/staff-account";
import { StaffLinkMail } from "@/lib/mail/templates/staff-link";

// One component per message, and its subject: the HTML part and the plain-text part come from the same render.

type Template<K extends MailKind> = { subject: MessageKey; component: (props: TemplateProps<K>) => ReactElement };

const TEMPLATES: { [K in MailKind]: Template<K> } = {
  resume_link: { subject: "mail.resumeLink.subject", component: ResumeLinkMail },
  kyc_reminder: { subject: "mail.kycReminder.subject", component: KycReminderMail },
  kyc_rejected: { subject: "mail.kycRejected.subject", component: KycRejectedMail },
  card_issued: { subject: "mail.cardIssued.subject", component: CardIssuedMail },
  application_failed: { subject: "mail.applicationFailed.subject", component: ApplicationFailedMail },
  staff_link: { subject: "mail.staffLink.subject", component: StaffLinkMail },
  staff_invite: { subject: "mail.staffInvite.subject", component: StaffInviteMail },
  staff_password_reset: { subject: "mail.staffPasswordReset.subject", component: StaffPasswordResetMail },
  admin_digest: { subject: "mail.adminDigest.subject", component: AdminDigestMail },
};

/** Headings keep their case in the plain-text part (html-to-text shouts them by default). */
const PLAIN_TEXT = { selectors: [{ selector: "h1", options: { uppercase: false } }] };

const translatorOf = (locale: Locale): Translate => createTranslator(catalogs[locale], locale);

/** The subject line (stored in the outbox when queued): the merchant's name and the message, no personal data. */
export function subjectOf<K extends MailKind>(input: MailInput<K>, ctx: MailContext): string {
  const count = input.kind === "admin_digest" ? (input.params as MailParams["admin_digest"]).attention : 0;
  return translatorOf(input.locale)(TEMPLATES[input.kind].subject, { merchant: ctx.merchant, count });
}

export type RenderedMail = { subject: string; html: string; text: string };

/** The message as the recipient sees it: HTML for mail clients, and the same content as plain text. */
export async function renderMail<K extends MailKind>(input: MailInput<K>, ctx: MailContext): Promise<RenderedMail> {
  const template = TEMPLATES[input.kind] as Template<K>;
  const Component = template.component;
  const element = <Component t={translatorOf(input.locale)} locale={input.locale} ctx={ctx} params={input.params} />;
  // The text from the rendered HTML, as render's plainText option does after rendering the component a second time.
  const html = await render(element);
  return { subject: subjectOf(input, ctx), html, text: toPlainText(html, PLAIN_TEXT) };
}

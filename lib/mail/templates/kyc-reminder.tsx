import { MailLayout } from "@/lib/mail/templates/layout";
import { applicantFooter, CallToAction, Paragraph, utc } from "@/lib/mail/templates/parts";
import type { TemplateProps } from "@/lib/mail/templates/props";

/** The identity check is still pending: a fresh one-time link to the application, which leads on to the check. */
export function KycReminderMail({ t, locale, ctx, params }: TemplateProps<"kyc_reminder">) {
  return (
    <MailLayout
      locale={locale}
      brand={ctx.merchant}
      preview={t("mail.kycReminder.preview")}
      heading={t("mail.kycReminder.heading")}
      footer={applicantFooter(t, ctx)}
    >
      <Paragraph>{t("mail.kycReminder.body")}</Paragraph>
      <CallToAction href={params.link} label={t("mail.kycReminder.button")} t={t} />
      <Paragraph>{t("mail.common.linkOnce", { expires: utc(params.expires) })}</Paragraph>
      {params.last ? <Paragraph>{t("mail.kycReminder.last")}</Paragraph> : null}
    </MailLayout>
  );
}

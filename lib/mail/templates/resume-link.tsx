import { MailLayout } from "@/lib/mail/templates/layout";
import { applicantFooter, CallToAction, Paragraph, utc } from "@/lib/mail/templates/parts";
import type { TemplateProps } from "@/lib/mail/templates/props";

/** "Email me a link to continue": the one-time resume link, asked for by the applicant. */
export function ResumeLinkMail({ t, locale, ctx, params }: TemplateProps<"resume_link">) {
  return (
    <MailLayout
      locale={locale}
      brand={ctx.merchant}
      preview={t("mail.resumeLink.preview")}
      heading={t("mail.resumeLink.heading")}
      footer={[t("mail.common.notYou"), ...applicantFooter(t, ctx)]}
    >
      <Paragraph>{t("mail.resumeLink.body")}</Paragraph>
      <CallToAction href={params.link} label={t("mail.resumeLink.button")} t={t} />
      <Paragraph>{t("mail.common.linkOnce", { expires: utc(params.expires) })}</Paragraph>
    </MailLayout>
  );
}

import { MailLayout } from "@/lib/mail/templates/layout";
import { applicantFooter, CallToAction, Paragraph, utc } from "@/lib/mail/templates/parts";
import type { TemplateProps } from "@/lib/mail/templates/props";

/** A link staff re-issued ("Send to applicant"): a resume link to the application, or the identity check's link. */
export function StaffLinkMail({ t, locale, ctx, params }: TemplateProps<"staff_link">) {
  const kyc = params.linkKind === "kyc";
  return (
    <MailLayout
      locale={locale}
      brand={ctx.merchant}
      preview={t("mail.staffLink.preview")}
      heading={t("mail.staffLink.heading")}
      footer={[t("mail.common.notYou"), ...applicantFooter(t, ctx)]}
    >
      <Paragraph>{t(kyc ? "mail.staffLink.kyc" : "mail.staffLink.resume", { merchant: ctx.merchant })}</Paragraph>
      <CallToAction href={params.link} label={t(kyc ? "mail.staffLink.buttonKyc" : "mail.staffLink.button")} t={t} />
      <Paragraph>{t(kyc ? "mail.staffLink.kycValid" : "mail.common.linkOnce", { expires: utc(params.expires) })}</Paragraph>
    </MailLayout>
  );
}

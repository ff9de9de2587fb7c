import { MailLayout } from "@/lib/mail/templates/layout";
import { CallToAction, Paragraph, staffFooter, utc } from "@/lib/mail/templates/parts";
import type { TemplateProps } from "@/lib/mail/templates/props";

// The two set-password emails of a staff account: a new colleague's invitation and an admin's password reset.

export function StaffInviteMail({ t, locale, ctx, params }: TemplateProps<"staff_invite">) {
  return (
    <MailLayout
      locale={locale}
      brand={ctx.merchant}
      preview={t("mail.staffInvite.preview")}
      heading={t("mail.staffInvite.heading")}
      footer={staffFooter(t, ctx)}
    >
      <Paragraph>{t("mail.staffInvite.body", { role: t(`mail.roles.${params.role}`) })}</Paragraph>
      <CallToAction href={params.link} label={t("mail.staffInvite.button")} t={t} />
      <Paragraph>{t("mail.staffInvite.expires", { expires: utc(params.expires) })}</Paragraph>
    </MailLayout>
  );
}

export function StaffPasswordResetMail({ t, locale, ctx, params }: TemplateProps<"staff_password_reset">) {
  return (
    <MailLayout
      locale={locale}
      brand={ctx.merchant}
      preview={t("mail.staffPasswordReset.preview")}
      heading={t("mail.staffPasswordReset.heading")}
      footer={staffFooter(t, ctx)}
    >
      <Paragraph>{t("mail.staffPasswordReset.body")}</Paragraph>
      <CallToAction href={params.link} label={t("mail.staffPasswordReset.button")} t={t} />
      <Paragraph>{t("mail.staffInvite.expires", { expires: utc(params.expires) })}</Paragraph>
    </MailLayout>
  );
}

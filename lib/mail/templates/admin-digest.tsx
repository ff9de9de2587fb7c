import { MailLayout } from "@/lib/mail/templates/layout";
import { CallToAction, Paragraph, staffFooter, utc } from "@/lib/mail/templates/parts";
import type { TemplateProps } from "@/lib/mail/templates/props";

/** The admins' daily email (ADMIN_DIGEST_HOUR): counts only, and the link to the filtered queue. */
export function AdminDigestMail({ t, locale, ctx, params }: TemplateProps<"admin_digest">) {
  return (
    <MailLayout
      locale={locale}
      brand={ctx.merchant}
      preview={t("mail.adminDigest.preview")}
      heading={t("mail.adminDigest.heading")}
      footer={[t("mail.adminDigest.settings", { hour: params.hour }), ...staffFooter(t, ctx).slice(0, 1)]}
    >
      <Paragraph>{t("mail.adminDigest.body", { time: utc(params.at) })}</Paragraph>
      <Paragraph>{t("mail.adminDigest.needsAttention", { count: params.attention })}</Paragraph>
      <Paragraph>{t("mail.adminDigest.failedMail", { count: params.failedMail })}</Paragraph>
      <Paragraph>{t("mail.adminDigest.poisonedWebhooks", { count: params.poisonedWebhooks })}</Paragraph>
      <Paragraph>{t("mail.adminDigest.disabledEndpoints", { count: params.disabledEndpoints })}</Paragraph>
      <CallToAction href={params.queueUrl} label={t("mail.adminDigest.button")} t={t} />
    </MailLayout>
  );
}

import { MailLayout } from "@/lib/mail/templates/layout";
import { applicantFooter, CallToAction, Paragraph } from "@/lib/mail/templates/parts";
import type { TemplateProps } from "@/lib/mail/templates/props";

/** The card is issued: the short reference and the merchant's next step (MERCHANT_APP_URL) when there is one. */
export function CardIssuedMail({ t, locale, ctx, params }: TemplateProps<"card_issued">) {
  return (
    <MailLayout
      locale={locale}
      brand={ctx.merchant}
      preview={t("mail.cardIssued.preview")}
      heading={t("apply.status.issuedHeading")}
      footer={applicantFooter(t, ctx)}
    >
      <Paragraph>{t("mail.cardIssued.body")}</Paragraph>
      {ctx.merchantAppUrl ? (
        <>
          <Paragraph>{t("mail.cardIssued.next", { merchant: ctx.merchant })}</Paragraph>
          <CallToAction href={ctx.merchantAppUrl} label={t("mail.cardIssued.button")} t={t} />
        </>
      ) : (
        <Paragraph>{t("applyReview.status.issuedNoLink")}</Paragraph>
      )}
      <Paragraph>{t("mail.common.reference", { reference: params.reference })}</Paragraph>
    </MailLayout>
  );
}

import { MailLayout } from "@/lib/mail/templates/layout";
import { applicantFooter, Paragraph } from "@/lib/mail/templates/parts";
import type { TemplateProps } from "@/lib/mail/templates/props";

// The two endings without a card: the same words and next steps as the status page (components/apply/status-outcome.tsx).

/** The identity check refused the applicant. */
export function KycRejectedMail({ t, locale, ctx, params }: TemplateProps<"kyc_rejected">) {
  return (
    <MailLayout
      locale={locale}
      brand={ctx.merchant}
      preview={t("mail.kycRejected.preview")}
      heading={t("apply.status.rejectedHeading")}
      footer={applicantFooter(t, ctx)}
    >
      <Ending t={t} what={params.what} reference={params.reference} />
    </MailLayout>
  );
}

/** The issuer refused or could not complete the application. */
export function ApplicationFailedMail({ t, locale, ctx, params }: TemplateProps<"application_failed">) {
  return (
    <MailLayout
      locale={locale}
      brand={ctx.merchant}
      preview={t("mail.applicationFailed.preview")}
      heading={t("apply.status.failedHeading")}
      footer={applicantFooter(t, ctx)}
    >
      <Ending t={t} what={params.what} reference={params.reference} />
    </MailLayout>
  );
}

function Ending({ t, what, reference }: Pick<TemplateProps<"kyc_rejected">, "t"> & TemplateProps<"kyc_rejected">["params"]) {
  return (
    <>
      <Paragraph>{`${t(`applyReview.status.what.${what}`)} ${t("applyReview.status.closed")}`}</Paragraph>
      <Paragraph>{t("apply.status.nextSteps")}</Paragraph>
      <Paragraph>{t("applyReview.status.contactMerchant", { reference })}</Paragraph>
    </>
  );
}

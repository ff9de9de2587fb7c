import { EmailResumeLink, type EmailResume } from "@/components/apply/email-resume-link";
import { QrCode } from "@/components/apply/qr-code";
import { CopyButton } from "@/components/ui/copy-button";
import type { Translate } from "@/lib/i18n/translate";

/** "Continue later": the personal resume link with a copy button, and a QR code to continue on a phone. */
type Props = {
  t: Translate;
  /** The locale of the expiry date (lib/i18n/date-locale.ts). */
  locale: string;
  applicationId: string;
  page: { resumeUrl: string | null; resumeExpiresAt: string; emailResume: EmailResume; answers: Record<string, unknown> };
};

export function ResumePanel({ t, locale, applicationId, page }: Props) {
  const { resumeUrl: url, resumeExpiresAt: expiresAt, emailResume: email } = page;
  if (!url) return null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(expiresAt));
  // To carry on with a phone: not shown on one (below 640 px), nor before there is anything to carry on with.
  const showQr = Object.keys(page.answers).length > 0;
  return (
    <aside aria-labelledby="resume-heading" className="rounded-card border border-border bg-surface p-5 text-sm">
      <h2 id="resume-heading" className="text-lg font-semibold">
        {t("apply.resume.heading")}
      </h2>
      <p className="mt-2">
        {t("apply.resume.lead")}
        {showQr ? <span className="hidden sm:inline"> {t("apply.resume.leadQr")}</span> : null}
      </p>
      <p className="mt-3 font-semibold">{t("apply.resume.linkLabel")}</p>
      <p className="mt-1 break-all">
        <a href={url} data-testid="resume-link">
          {url}
        </a>
      </p>
      <CopyButton
        className="mt-2"
        text={url}
        texts={{ copy: t("apply.flow.copyLink"), copied: t("apply.flow.linkCopied"), copyFailed: t("apply.flow.copyFailed") }}
      />
      <EmailResumeLink applicationId={applicationId} state={email} />
      {showQr ? (
        <div className="mt-3 hidden w-40 rounded-control bg-white p-2 sm:block">
          <QrCode value={url} label={t("apply.resume.qrLabel")} size={144} />
        </div>
      ) : null}
      <p className="mt-3 text-fg-muted">{t("apply.resume.keepPrivate")}</p>
      <p className="text-fg-muted">{t("apply.resume.expires", { date })}</p>
    </aside>
  );
}

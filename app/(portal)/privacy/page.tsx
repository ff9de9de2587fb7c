import type { Metadata } from "next";
import { getTranslator } from "@/lib/i18n/server";
import { privacyPolicy } from "@/lib/privacy/service";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("privacy.title") };
}

// /privacy - what the portal keeps, for how long (from the retention settings), and how to ask for export or erasure.
export default async function PrivacyNotice() {
  const { t } = await getTranslator();
  const policy = privacyPolicy();
  const contact = policy.contact;
  const isEmail = contact ? !/^https?:\/\//.test(contact) : false;
  const heading = "mt-8 text-xl font-semibold";
  return (
    <article className="max-w-prose">
      <h1 className="text-3xl font-bold">{t("privacy.heading")}</h1>
      <p className="mt-2 text-lg text-fg-muted">{t("privacy.lead")}</p>
      <h2 className={heading}>{t("privacy.keptHeading")}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        <li>{t("privacy.kept1")}</li>
        <li>{t("privacy.kept2")}</li>
        <li>{t("privacy.kept3")}</li>
      </ul>
      <h2 className={heading}>{t("privacy.sharedHeading")}</h2>
      <p className="mt-2">{t("privacy.shared")}</p>
      <h2 className={heading}>{t("privacy.howLongHeading")}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        <li>{t("privacy.draft", { days: policy.draftDays })}</li>
        <li>{t("privacy.logs", { days: policy.logDays })}</li>
        <li>{t("privacy.finished", { days: policy.applicationDays })}</li>
      </ul>
      <h2 className={heading}>{t("privacy.rightsHeading")}</h2>
      <p className="mt-2">{t("privacy.rights")}</p>
      <p className="mt-2">
        {!contact ? (
          t("privacy.contactNone")
        ) : (
          <a href={isEmail ? `mailto:${contact}` : contact} rel="noopener">
            {isEmail ? t("privacy.contactEmail", { contact }) : t("privacy.contactUrl", { contact })}
          </a>
        )}
      </p>
    </article>
  );
}

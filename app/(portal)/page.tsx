import { Suspense } from "react";
import { ContinueApplication } from "@/app/(portal)/_components/continue-application";
import { ProductList, ProductListLoading } from "@/app/(portal)/_components/product-list";
import { Alert } from "@/components/ui/alert";
import { getTranslator } from "@/lib/i18n/server";
import { inviteOfLink } from "@/lib/applications/invite-token";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ product?: string; invite?: string; resume?: string; start?: string; retry?: string }> };

// / - the welcome, at once; the cards stream in as the issuer answers.
export default async function HomePage({ searchParams }: Props) {
  const { t } = await getTranslator();
  const { product, invite: token, resume, start, retry } = await searchParams;
  // An invitation's email arrives sealed (`invite`), never as plain text in the link; an old `email=` is ignored.
  const invite = inviteOfLink(token);
  const invited = invite && invite.state !== "invalid" ? invite.productId : product;
  const invitedEmail = invite?.state === "valid" ? invite.email : undefined;
  // A valid token goes back with "Apply": /apply/start opens it again, so the merchant's reference in it cannot be
  // changed on the way (it is never shown to the applicant).
  const validToken = invite?.state === "valid" ? token : undefined;
  const minutes = Math.min(60, Math.max(1, Number(retry) || 10));
  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      <div className="max-w-prose">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("home.heading")}</h1>
        <p className="mt-3 text-fg-muted sm:text-lg">{t("home.lead")}</p>
      </div>
      <Suspense fallback={null}>
        <ContinueApplication />
      </Suspense>
      {invitedEmail ? <Alert tone="info">{t("apply.home.invitedAs", { email: invitedEmail })}</Alert> : null}
      {invite && invite.state !== "valid" ? <Alert tone="warning">{t(`apply.home.invite.${invite.state}`)}</Alert> : null}
      {resume === "expired" ? <Alert tone="warning">{t("apply.home.resumeExpired")}</Alert> : null}
      {start === "failed" ? <Alert tone="error">{t("apply.home.startFailed")}</Alert> : null}
      {start === "limited" || resume === "limited" ? <Alert tone="warning">{t("apply.home.limited", { minutes })}</Alert> : null}
      <Suspense fallback={<ProductListLoading />}>
        <ProductList invited={invited} email={invitedEmail} invite={validToken} />
      </Suspense>
      <section aria-labelledby="how-it-works" className="max-w-prose">
        <h2 id="how-it-works" className="text-xl font-semibold">
          {t("home.stepsHeading")}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6">
          {[t("home.step1"), t("home.step2"), t("home.step3"), t("home.step4")].map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}

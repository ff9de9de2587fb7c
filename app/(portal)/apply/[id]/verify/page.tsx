import { PageHeading } from "@/components/ui/page-heading";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { VerifyActions } from "@/components/apply/verify-actions";
import { loadApplicationPage, movedHere, pageTitle } from "@/app/(portal)/apply/[id]/_lib/page-data";
import { MovedNotice } from "@/components/apply/moved-notice";
import { getEnv } from "@/lib/env";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: await pageTitle((await params).id, (await getTranslator()).t("apply.verify.heading")) };
}

// /apply/[id]/verify - explains the identity check and sends the person to it.
export default async function VerifyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const moved = await movedHere(id);
  if (moved) return <MovedNotice as="page" applicationId={id} {...moved} />;
  const page = await loadApplicationPage(id);
  if (!page.view.needsKyc || !["submitted", "kyc_pending"].includes(page.view.state)) redirect(`/apply/${id}/status`);
  const { t, dateLocale } = await getTranslator();
  return (
    <div className="flex max-w-prose flex-col gap-6">
      <p className="text-sm font-semibold text-fg-muted">{page.product.name}</p>
      <PageHeading className="text-3xl font-bold">{t("apply.verify.heading")}</PageHeading>
      <p className="text-lg">{t("apply.verify.lead")}</p>
      <ListSection
        id="verify-need"
        heading={t("apply.verify.need")}
        items={[t("apply.verify.needDocument"), t("apply.verify.needCamera"), t("apply.verify.needTime")]}
      />
      <ListSection
        id="verify-what"
        heading={t("apply.verify.what")}
        ordered
        items={[t("apply.verify.step1"), t("apply.verify.step2"), t("apply.verify.step3")]}
      />
      <VerifyActions
        applicationId={id}
        kyc={page.view.kyc && page.kycUrl ? { ...page.view.kyc, url: page.kycUrl } : null}
        returnUrl={`${getEnv().appUrl}/apply/${id}/status`}
        dateLocale={dateLocale}
      />
    </div>
  );
}

/** A titled list of the page: what is needed (bullets), what happens (numbered). */
function ListSection({ id, heading, items, ordered = false }: { id: string; heading: string; items: string[]; ordered?: boolean }) {
  const List = ordered ? "ol" : "ul";
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {heading}
      </h2>
      <List className={`mt-3 space-y-2 pl-6 ${ordered ? "list-decimal" : "list-disc"}`}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    </section>
  );
}

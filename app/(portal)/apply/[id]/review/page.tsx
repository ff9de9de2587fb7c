import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ApplicationHeader } from "@/components/apply/application-header";
import { changeHref, labelOf } from "@/components/apply/field-ids";
import { ResumePanel } from "@/components/apply/resume-panel";
import { ReviewSubmit, type FieldLocation } from "@/components/apply/review-submit";
import { ReviewAnswers } from "@/components/apply/review-answers";
import { isAddressGroup } from "@/lib/applications/review-sections";
import { loadApplicationPage, movedHere, pageTitle, recordShown } from "@/app/(portal)/apply/[id]/_lib/page-data";
import { MovedNotice } from "@/components/apply/moved-notice";
import { answeredPaths } from "@/lib/applications/link-audit";
import { translateKey } from "@/lib/i18n/form-texts";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: await pageTitle((await params).id, (await getTranslator()).t("apply.steps.review")) };
}

// /apply/[id]/review - check your answers, with a Change link per answer, then apply.
export default async function ReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const moved = await movedHere(id);
  if (moved) return <MovedNotice as="page" applicationId={id} {...moved} />;
  const page = await loadApplicationPage(id);
  if (page.view.state !== "draft") redirect(`/apply/${id}/status`);
  await recordShown(page, "review", answeredPaths(page.answers));
  const { t, locale, dateLocale } = await getTranslator();
  const label = (item: { labelKey: string; fallbackLabel?: string }) => labelOf((k, fb) => translateKey(locale, k, fb), item);
  // A problem in an address names the address too ("Country (Home address)"): several may ask the same questions.
  const locations: FieldLocation[] = page.steps.flatMap((s) =>
    s.fields
      .filter((f) => !f.hidden)
      .map((f) => {
        const group = page.groups.find((g) => g.path === f.group);
        const name =
          group && isAddressGroup(group.path) ? t("applyReview.review.fieldIn", { field: label(f), group: label(group) }) : label(f);
        return { path: f.path, label: name, href: changeHref(id, s.id, f.path) };
      }),
  );
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex max-w-prose flex-col gap-8">
        <ApplicationHeader t={t} productName={page.product.name} steps={page.steps} current="review" heading={t("apply.review.heading")} />
        <p>{page.view.needsKyc ? t("apply.review.lead") : t("applyReview.review.leadNoKyc")}</p>
        {page.steps.map((step) => (
          <ReviewAnswers
            key={step.id}
            t={t}
            locale={locale}
            dateLocale={dateLocale}
            step={step}
            groups={page.groups}
            answers={page.answers}
            documents={page.documents}
            changeHref={(path) => changeHref(id, step.id, path)}
          />
        ))}
        <ReviewSubmit applicationId={id} needsKyc={page.view.needsKyc} locations={locations} />
      </div>
      <ResumePanel t={t} locale={dateLocale} applicationId={id} page={page} />
    </div>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ApplicationHeader } from "@/components/apply/application-header";
import { changeHref, labelOf } from "@/components/apply/field-ids";
import { ResumePanel } from "@/components/apply/resume-panel";
import { ReviewSubmit, type FieldLocation } from "@/components/apply/review-submit";
import { SummaryList } from "@/components/ui/summary-list";
import { displayAnswer, reviewItems } from "@/lib/applications/answers";
import { loadApplicationPage } from "@/app/(portal)/apply/[id]/_lib/page-data";
import { translateKey } from "@/lib/i18n/form-texts";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("apply.steps.review") };
}

// /apply/[id]/review - check your answers, with a Change link per answer, then apply.
export default async function ReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const page = await loadApplicationPage(id);
  if (page.view.state !== "draft") redirect(`/apply/${id}/status`);
  const { t, locale } = await getTranslator();
  const locations: FieldLocation[] = page.steps.flatMap((s) =>
    s.fields
      .filter((f) => !f.hidden)
      .map((f) => ({
        path: f.path,
        label: labelOf((k, fb) => translateKey(locale, k, fb), f),
        href: changeHref(id, s.id, f.path),
      })),
  );
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex max-w-prose flex-col gap-8">
        <ApplicationHeader t={t} productName={page.product.name} steps={page.steps} current="review" heading={t("apply.review.heading")} />
        <p>{t("apply.review.lead")}</p>
        {page.steps.map((step) => (
          <section key={step.id} aria-labelledby={`review-${step.id}`}>
            <h2 id={`review-${step.id}`} className="text-xl font-semibold">
              {t(`apply.steps.${step.id}`)}
            </h2>
            <SummaryList
              className="mt-3"
              rows={reviewItems(step.fields, page.groups, page.answers).map((item) => {
                const target = item.kind === "field" ? item.field : item.first;
                const label =
                  item.kind === "field"
                    ? labelOf((k, fb) => translateKey(locale, k, fb), item.field)
                    : translateKey(locale, item.group.labelKey, item.group.fallbackLabel);
                const value = item.kind === "field" ? displayAnswer(item.field, page.answers, page.documents, locale) : "";
                return {
                  key: item.kind === "field" ? item.field.path : item.group.path,
                  label,
                  value,
                  href: changeHref(id, step.id, target.path),
                  changeLabel: t("apply.review.change"),
                  changeHiddenText: label,
                };
              })}
            />
          </section>
        ))}
        <ReviewSubmit applicationId={id} needsKyc={page.view.needsKyc} locations={locations} />
      </div>
      <ResumePanel t={t} url={page.resumeUrl} expiresAt={page.resumeExpiresAt} locale={locale} />
    </div>
  );
}

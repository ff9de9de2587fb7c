import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ApplicationHeader } from "@/components/apply/application-header";
import { ResumePanel } from "@/components/apply/resume-panel";
import { StepForm } from "@/components/apply/step-form";
import { saveStep } from "@/app/actions/save-step";
import { loadApplicationPage, movedHere, nextStepOf, pageTitle, recordShown } from "@/app/(portal)/apply/[id]/_lib/page-data";
import { MovedNotice } from "@/components/apply/moved-notice";
import { processDeps } from "@/lib/applications/deps";
import { otherCards } from "@/lib/applications/product";
import { answeredPaths } from "@/lib/applications/link-audit";
import { REFUSABLE_PATHS } from "@/lib/requirements/restrictions";
import { getTranslator } from "@/lib/i18n/server";
import { STEP_IDS, type StepId } from "@/lib/requirements/types";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string; step: string }>; searchParams: Promise<{ from?: string | string[] }> };

// A distinct title per step (WCAG 2.4.2): "About you · Card portal"; when not open here, what the page says first.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, step } = await params;
  const { t } = await getTranslator();
  return { title: await pageTitle(id, isStep(step) ? t(`apply.steps.${step}`) : t("apply.steps.review")) };
}

const isStep = (value: string): value is StepId => (STEP_IDS as readonly string[]).includes(value);

// /apply/[id]/[step] - one topic per page: the step's questions, Back and Continue, and "continue later".
// Opened from a Change link of the review page (?from=review), saving and Back both return to the review.
export default async function StepPage({ params, searchParams }: Props) {
  const { id, step } = await params;
  const fromReview = (await searchParams).from === "review";
  if (!isStep(step)) notFound();
  const moved = await movedHere(id);
  if (moved) return <MovedNotice as="page" applicationId={id} {...moved} />;
  const page = await loadApplicationPage(id);
  if (page.view.state !== "draft") redirect(`/apply/${id}/status`);
  const index = page.steps.findIndex((s) => s.id === step);
  const current = page.steps[index];
  if (!current) notFound();
  const asked = new Set(current.fields.map((f) => f.path));
  await recordShown(
    page,
    `step:${step}`,
    answeredPaths(page.answers).filter((path) => asked.has(path)),
  );
  const { t, dateLocale } = await getTranslator();
  // A step that asks a question this card can refuse also knows the other cards, to name those that would accept.
  const refusable = current.fields.some((f) => REFUSABLE_PATHS.includes(f.path));
  const others = refusable ? await otherCards(await processDeps(), page.product.id) : undefined;
  const review = `/apply/${id}/review`;
  const next = fromReview ? review : `/apply/${id}/${nextStepOf(page.steps, step)}`;
  const back = fromReview ? review : index === 0 ? "/" : `/apply/${id}/${page.steps[index - 1]?.id}`;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex max-w-prose flex-col gap-8">
        <ApplicationHeader t={t} productName={page.product.name} steps={page.steps} current={step} heading={t(`apply.steps.${step}`)} />
        <StepForm
          key={step}
          applicationId={id}
          requirements={page.requirements}
          step={step}
          fields={current.fields}
          groups={page.groups}
          draft={page.answers}
          revision={page.revisions[step] ?? ""}
          documents={page.documents}
          nextHref={next}
          backHref={back}
          otherCards={others}
          saveAction={saveStep}
        />
      </div>
      <ResumePanel t={t} locale={dateLocale} applicationId={id} page={page} />
    </div>
  );
}

import { PageHeading } from "@/components/ui/page-heading";
import { Stepper } from "@/components/ui/stepper";
import type { Translate } from "@/lib/i18n/translate";
import type { PlanStep, StepId } from "@/lib/requirements/types";

/** Product name, the progress through the steps (review last) and the page heading. */
export function ApplicationHeader({
  t,
  productName,
  steps,
  current,
  heading,
}: {
  t: Translate;
  productName: string;
  steps: PlanStep[];
  current: StepId | "review";
  heading: string;
}) {
  const names = [...steps.map((s) => t(`apply.steps.${s.id}`)), t("apply.steps.review")];
  const index = current === "review" ? steps.length : steps.findIndex((s) => s.id === current);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-semibold text-fg-muted">{productName}</p>
      <Stepper
        steps={names}
        current={index}
        label={t("apply.form.progressLabel")}
        stateLabels={{
          complete: t("apply.form.stateComplete"),
          current: t("apply.form.stateCurrent"),
          upcoming: t("apply.form.stateUpcoming"),
        }}
      />
      <div>
        <p className="text-sm text-fg-muted">{t("apply.form.stepOf", { current: index + 1, total: names.length })}</p>
        <PageHeading className="text-3xl font-bold">{heading}</PageHeading>
      </div>
    </div>
  );
}

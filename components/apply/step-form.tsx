"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { useForm, useWatch, type FieldValues } from "react-hook-form";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { LinkPending } from "@/components/ui/link-pending";
import { AcceptingCards, eligibilityAnswersOf, StartForms, type CardRules } from "@/components/apply/accepting-cards";
import { cityListId, CityList, useCitySuggestions } from "@/components/apply/city-suggestions";
import { DocumentField } from "@/components/apply/document-field";
import { PHOTO_PROBLEM_KEYS } from "@/components/apply/error-text";
import { usePendingDocuments } from "@/components/apply/pending-documents";
import { localFieldOrder } from "@/components/apply/field-order";
import { FieldControl } from "@/components/apply/field-control";
import { countryAddressFields, withSuggestedCallingCode } from "@/components/apply/country-fields";
import { useOneName } from "@/components/apply/use-one-name";
import { GroupFieldset, groupFields, optionalGroupHint } from "@/components/apply/group-fieldset";
import { useErrorTitle } from "@/components/apply/error-title";
import { useStepSummary } from "@/components/apply/use-step-summary";
import { useEarlyAnswers } from "@/components/apply/use-early-answers";
import { DraftChanged } from "@/components/apply/draft-changed";
import { useOptionalGroups } from "@/components/apply/use-optional-groups";
import { GroupQuestion } from "@/components/apply/group-question";
import { withOneNameBox } from "@/components/apply/one-name-box";
import { useStepSave, type SaveAction } from "@/components/apply/use-step-save";
import type { ApplicationView } from "@/lib/applications/view";
import { fieldApplies } from "@/lib/requirements/conditions";
import { isRestrictionKey } from "@/lib/requirements/restrictions";
import { useLazyResolver } from "@/components/apply/use-lazy-resolver";
import { useSameAsBilling } from "@/components/apply/use-same-as-billing";
import { useSavedRevision } from "@/components/apply/use-saved-revision";
import { valueAt } from "@/lib/dotted-paths";
import { isAlwaysRequired } from "@/lib/requirements/required";
import type { PlanField, PlanGroup, ProductRequirements, StepId } from "@/lib/requirements/types";

type Doc = Pick<ApplicationView["documents"][number], "fileId" | "fileName" | "fileType" | "size">;
type Props = {
  applicationId: string;
  requirements: ProductRequirements;
  step: StepId;
  fields: PlanField[];
  groups: PlanGroup[];
  draft: Record<string, unknown>;
  /** The revision of this step's saved answers the page was rendered from; sent back with the save. */
  revision: string;
  documents: Doc[];
  nextHref: string;
  backHref: string;
  /** The other cards open for applications, named when this one refuses an answer (steps with such questions). */
  otherCards?: CardRules[];
  /** The server action that saves the step and answers with the next page (app/actions/save-step.ts). */
  saveAction: SaveAction;
};

/** One step of the application: validated in the browser with the server's schema (loaded after the page), saved on Continue. */
export function StepForm(props: Props) {
  const { applicationId, requirements, step, fields, groups, revision, documents, nextHref, backHref, otherCards, saveAction } = props;
  const draft = useMemo(() => withSuggestedCallingCode(props.draft, fields), [props.draft, fields]);
  const { t, locale, textOf } = useI18n();
  const form = useForm<FieldValues>({
    resolver: useLazyResolver(requirements, step),
    defaultValues: draft,
    shouldFocusError: false,
  });
  // Until hydrated the boxes take typing (kept) but Save waits: it cannot validate or save yet.
  const hydrating = useEarlyAnswers(STEP_FORM_ID, form);
  const [summaryKey, setSummaryKey] = useState(0);
  const onFieldErrors = () => setSummaryKey((k) => k + 1);
  const {
    save,
    navigating,
    failed: saveFailed,
    draftChanged,
    dismissDraftChanged,
  } = useStepSave({ applicationId, step, revision, nextHref, saveAction, form, onFieldErrors });
  // `shown`: the draft as the page received it (the memoised copy above is new at every mount, a cached page's is not).
  useSavedRevision({ applicationId, step, revision, draft, form, replaceTyped: draftChanged !== null, shown: props.draft });
  // A save waits for a document still uploading: it once sent the old answer (or none) and showed it on the review.
  const [waitingForUpload, setWaitingForUpload] = useState(false);
  const pendingDocuments = usePendingDocuments();
  // Every answer, watched: a question that applies only to some answers appears in place as they change.
  const values = useWatch({ control: form.control }) as FieldValues;
  const documentType: unknown = valueAt(values, "identity.type");
  const same = useSameAsBilling(
    form,
    fields.filter((f) => !f.hidden),
    draft,
  );
  const oneName = useOneName(
    form,
    fields.filter((f) => !f.hidden),
    draft,
  );
  const optionalGroups = useOptionalGroups(
    form,
    groups,
    fields.filter((f) => !f.hidden),
    draft,
    (group) => same.offered(group),
  );
  // Each address in its country's order and words; the one-name box, when ticked, instead of first and last name.
  const asked = countryAddressFields(
    localFieldOrder(
      fields.filter((f) => !f.hidden && fieldApplies(f, values) && !oneName.hides(f)),
      locale,
    ),
    values,
    locale,
  ).map(oneName.relabel);
  const visible = asked.filter((f) => !same.hides(f) && !(f.group && optionalGroups.asks(f.group) && !optionalGroups.isOpen(f.group)));
  // City suggestions follow each address's country; while it is not chosen, the billing country's
  // or, failing that, the nationality's: only a guess at what to suggest, never an answer.
  const countryOf = (group: string) =>
    textAt(values, `${group}.country`) || textAt(values, "billing_address.country") || textAt(values, "nationality");
  const cityGroups = visible.filter((f) => f.group && f.name === "city").map((f) => f.group as string);
  const cities = useCitySuggestions(cityGroups.map(countryOf));
  const optional = (f: PlanField) => !f.requiredWhen && !isAlwaysRequired({ groups }, f);
  const errorOf = (path: string) => {
    const message = (valueAt(form.formState.errors, path) as { message?: unknown } | undefined)?.message;
    return typeof message === "string" ? message : undefined;
  };

  /** Save, once every document of the step is uploaded; a photo still waiting for Use / Retake stops it. */
  async function submit() {
    const pending = await pendingDocuments.settle(setWaitingForUpload);
    if (!pending.ready) {
      for (const path of pending.unchosen) form.setError(path, { type: "server", message: PHOTO_PROBLEM_KEYS.chooseFirst });
      return setSummaryKey((k) => k + 1);
    }
    same.copy();
    optionalGroups.clearClosed();
    oneName.copy();
    await form.handleSubmit(save, (errors) => {
      same.reveal(errors);
      setSummaryKey((k) => k + 1);
    })();
  }

  const saving = form.formState.isSubmitting || navigating || waitingForUpload;
  const summary = useStepSummary(visible, errorOf, form);
  useErrorTitle(summary.length > 0);
  const refused = otherCards !== undefined && visible.some((f) => isRestrictionKey(errorOf(f.path) ?? ""));
  const sections = groupFields(asked);

  return (
    <>
      {otherCards ? <StartForms cards={otherCards} /> : null}
      <form
        id={STEP_FORM_ID}
        noValidate
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="m-0 flex min-w-0 flex-col gap-6 border-0 p-0">
          <ErrorSummary title={t("apply.form.errorSummary")} errors={summary} focusKey={summaryKey} />
          {refused ? <AcceptingCards cards={otherCards} answers={eligibilityAnswersOf(values, draft)} /> : null}
          {saveFailed ? (
            <Alert tone="error">{t(saveFailed === "offline" ? "apply.form.saveOffline" : "apply.form.saveFailed")}</Alert>
          ) : null}
          {draftChanged ? (
            <DraftChanged
              typed={draftChanged}
              saved={draft}
              fields={visible}
              onPutBack={(answers) => {
                for (const [path, value] of answers) form.setValue(path, value, { shouldDirty: true });
                dismissDraftChanged();
              }}
            />
          ) : null}
          {sections.map(({ group, items }) => {
            const fieldControls = items.map((f) =>
              f.input === "file" ? (
                // A file chosen before the script runs would go nowhere: the picker waits for it.
                <fieldset key={`${f.path}:${revision}`} disabled={hydrating} className="m-0 min-w-0 border-0 p-0">
                  <DocumentField
                    applicationId={applicationId}
                    field={f}
                    documentType={typeof documentType === "string" ? documentType : undefined}
                    optional={optional(f)}
                    error={errorOf(f.path)}
                    initial={initialDocument(documents, valueAt(draft, f.path))}
                    onUploaded={(fileId) => {
                      form.setValue(f.path, fileId);
                      form.clearErrors(f.path);
                    }}
                    onError={(key) => (key ? form.setError(f.path, { type: "server", message: key }) : form.clearErrors(f.path))}
                    onPending={(pending) => pendingDocuments.report(f.path, pending)}
                  />
                </fieldset>
              ) : (
                <FieldControl
                  key={f.path}
                  listId={f.group && f.name === "city" && cities.has(countryOf(f.group)) ? cityListId(f.group) : undefined}
                  field={f}
                  requirements={requirements}
                  optional={optional(f)}
                  error={errorOf(f.path)}
                  register={form.register}
                  control={form.control}
                />
              ),
            );
            const controls = withOneNameBox(
              fieldControls,
              items.map((f) => f.path),
              oneName,
              textOf("oneName.choice"),
            );
            const meta = groups.find((g) => g.path === group);
            if (!group || !meta)
              return (
                <div key={items[0]?.path} className="flex flex-col gap-6">
                  {controls}
                </div>
              );
            const list = cities.get(countryOf(group));
            const asked = optionalGroups.asks(group);
            const question = asked ? (
              <GroupQuestion
                key={`${group}:ask`}
                group={group}
                name={textOf(meta.labelKey, meta.fallbackLabel)}
                open={optionalGroups.isOpen(group)}
                onAnswer={(yes) => optionalGroups.answer(group, yes)}
              />
            ) : null;
            if (asked && !optionalGroups.isOpen(group)) return question;
            return [
              question,
              <GroupFieldset
                key={group}
                path={group}
                legend={textOf(meta.labelKey, meta.fallbackLabel)}
                bare={sections.length === 1 && textOf(meta.labelKey, meta.fallbackLabel) === t(`apply.steps.${step}`)}
                hint={meta.required || asked ? undefined : t(optionalGroupHint(meta.path))}
                same={
                  same.offered(group)
                    ? { label: t("apply.form.sameAsBilling"), checked: same.isTicked(group), onChange: (v) => same.set(group, v) }
                    : undefined
                }
              >
                {controls}
                {list && cityGroups.includes(group) ? <CityList id={cityListId(group)} cities={list} /> : null}
              </GroupFieldset>,
            ];
          })}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={saving} disabled={saving || hydrating}>
              {waitingForUpload ? t("apply.photo.waiting") : saving ? t("apply.form.saving") : t("apply.form.continue")}
            </Button>
            <Link href={backHref} className={buttonClasses("secondary")}>
              {t("apply.form.back")}
              <LinkPending />
            </Link>
          </div>
        </fieldset>
      </form>
    </>
  );
}

const STEP_FORM_ID = "step-form";

const textAt = (values: FieldValues, path: string) => {
  const value: unknown = valueAt(values, path);
  return typeof value === "string" ? value : "";
};

function initialDocument(documents: Doc[], fileId: unknown) {
  const doc = documents.find((d) => d.fileId === fileId);
  return doc ? { name: doc.fileName, size: doc.size, type: doc.fileType } : null;
}

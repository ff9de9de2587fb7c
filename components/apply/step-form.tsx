"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore, useTransition } from "react";
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
import { GroupFieldset, groupFields, optionalGroupHint } from "@/components/apply/group-fieldset";
import { dateOrder, fieldDomId, labelOf } from "@/components/apply/field-ids";
import { useErrorTitle } from "@/components/apply/error-title";
import { useMessageText } from "@/components/apply/message-text";
import { datePartId } from "@/components/ui/date-field";
import type { ApplicationView } from "@/lib/applications/view";
import { callApi, isApiError } from "@/lib/client/api";
import { fieldApplies } from "@/lib/requirements/conditions";
import { isRestrictionKey } from "@/lib/requirements/restrictions";
import { dateErrorPart } from "@/lib/requirements/dates";
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
};

/** One step of the application: validated in the browser with the server's schema (loaded after the page), saved on Continue. */
export function StepForm(props: Props) {
  const { applicationId, requirements, step, fields, groups, draft, revision, documents, nextHref, backHref, otherCards } = props;
  const router = useRouter();
  // Pending from the save until the next page is shown: the pages of an application have no loading screen (it
  // delayed their first paint), so this is what tells that Continue worked, and it stops a second save.
  const [navigating, startNavigation] = useTransition();
  const { t, locale, textOf } = useI18n();
  const form = useForm<FieldValues>({
    resolver: useLazyResolver(requirements, step),
    defaultValues: draft,
    shouldFocusError: false,
  });
  // False in the server HTML, true once hydrated: the form stays disabled until it can validate and save.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [summaryKey, setSummaryKey] = useState(0);
  const [saveFailed, setSaveFailed] = useState(false);
  const [draftChanged, setDraftChanged] = useState(false);
  // A save waits for a document still uploading: it once sent the old answer (or none) and showed it on the review.
  const [waitingForUpload, setWaitingForUpload] = useState(false);
  const pendingDocuments = usePendingDocuments();
  useSavedRevision({ applicationId, step, revision, draft, form });
  const messageText = useMessageText();
  // Every answer, watched: a question that applies only to some answers appears in place as they change.
  const values = useWatch({ control: form.control }) as FieldValues;
  const documentType: unknown = valueAt(values, "identity.type");
  const same = useSameAsBilling(
    form,
    fields.filter((f) => !f.hidden),
    draft,
  );
  const asked = localFieldOrder(
    fields.filter((f) => !f.hidden && fieldApplies(f, values)),
    locale,
  );
  const visible = asked.filter((f) => !same.hides(f));
  // City suggestions follow each address's country; while it is not chosen (it comes last), the billing country's
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

  const saveStep = useMutation({
    mutationFn: (json: { step: string; values: FieldValues; revision: string }) =>
      callApi<{ application: ApplicationView }>(`/api/applications/${applicationId}/draft`, { method: "PUT", json }),
  });

  async function save(values: FieldValues) {
    setSaveFailed(false);
    setDraftChanged(false);
    const error = await saveStep.mutateAsync({ step, values, revision }).then(
      () => null,
      (failure: unknown) => failure,
    );
    if (!error) return startNavigation(() => router.push(nextHref));
    if (isApiError(error, "DRAFT_CHANGED")) {
      setDraftChanged(true);
      return router.refresh();
    }
    // Erased meanwhile: the page, rendered again, sends the person to the page that says so.
    if (isApiError(error, "APPLICATION_ERASED")) return router.refresh();
    const problems = isApiError(error) && error.status === 422 ? Object.entries(error.fields) : [];
    if (problems.length > 0) {
      for (const [path, key] of problems) form.setError(path, { type: "server", message: key });
      setSummaryKey((k) => k + 1);
    } else setSaveFailed(true);
  }

  /** Save, once every document of the step is uploaded; a photo still waiting for Use / Retake stops it. */
  async function submit() {
    const pending = await pendingDocuments.settle(setWaitingForUpload);
    if (!pending.ready) {
      for (const path of pending.unchosen) form.setError(path, { type: "server", message: PHOTO_PROBLEM_KEYS.chooseFirst });
      return setSummaryKey((k) => k + 1);
    }
    same.copy();
    await form.handleSubmit(save, (errors) => {
      same.reveal(errors);
      setSummaryKey((k) => k + 1);
    })();
  }

  const saving = form.formState.isSubmitting || navigating || waitingForUpload;
  const colon = locale === "zh-CN" ? "：" : ": ";
  const summary = visible.flatMap((f) => {
    const key = errorOf(f.path);
    return key ? [{ fieldId: summaryTarget(f, key), message: `${labelOf(textOf, f)}${colon}${messageText(key)}` }] : [];
  });
  useErrorTitle(summary.length > 0);
  const refused = otherCards !== undefined && visible.some((f) => isRestrictionKey(errorOf(f.path) ?? ""));
  const sections = groupFields(asked);

  // A date's link goes to the box with the problem (the first box when the whole date is wrong).
  function summaryTarget(f: PlanField, key: string) {
    if (f.input !== "date") return fieldDomId(f.path);
    const value: unknown = form.getValues(f.path);
    const order = dateOrder(locale);
    return datePartId(fieldDomId(f.path), dateErrorPart(key, typeof value === "string" ? value : "") ?? order[0], order);
  }

  return (
    <>
      {otherCards ? <StartForms cards={otherCards} /> : null}
      <form
        noValidate
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset disabled={!hydrated} className="m-0 flex min-w-0 flex-col gap-6 border-0 p-0">
          <ErrorSummary title={t("apply.form.errorSummary")} errors={summary} focusKey={summaryKey} />
          {refused ? <AcceptingCards cards={otherCards} answers={eligibilityAnswersOf(values, draft)} /> : null}
          {saveFailed ? <Alert tone="error">{t("apply.form.saveFailed")}</Alert> : null}
          {draftChanged ? <Alert tone="warning">{t("apply.flow.draftChanged")}</Alert> : null}
          {sections.map(({ group, items }) => {
            const controls = items.map((f) =>
              f.input === "file" ? (
                <DocumentField
                  key={`${f.path}:${revision}`}
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
            const meta = groups.find((g) => g.path === group);
            if (!group || !meta)
              return (
                <div key={items[0]?.path} className="flex flex-col gap-6">
                  {controls}
                </div>
              );
            const list = cities.get(countryOf(group));
            return (
              <GroupFieldset
                key={group}
                path={group}
                legend={textOf(meta.labelKey, meta.fallbackLabel)}
                hint={meta.required ? undefined : t(optionalGroupHint(meta.path))}
                same={
                  same.offered(group)
                    ? { label: t("apply.form.sameAsBilling"), checked: same.isTicked(group), onChange: (v) => same.set(group, v) }
                    : undefined
                }
              >
                {controls}
                {list && cityGroups.includes(group) ? <CityList id={cityListId(group)} cities={list} /> : null}
              </GroupFieldset>
            );
          })}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={saving} disabled={saving}>
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

const noSubscription = () => () => undefined;

const textAt = (values: FieldValues, path: string) => {
  const value: unknown = valueAt(values, path);
  return typeof value === "string" ? value : "";
};

function initialDocument(documents: Doc[], fileId: unknown) {
  const doc = documents.find((d) => d.fileId === fileId);
  return doc ? { name: doc.fileName, size: doc.size, type: doc.fileType } : null;
}

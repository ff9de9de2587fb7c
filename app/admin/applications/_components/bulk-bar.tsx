"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useSelection } from "@/app/admin/applications/_components/bulk-selection";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select, type SelectOption } from "@/components/ui/select";
import type { bulkAct, BulkInput } from "@/lib/admin/queue/bulk";
import { asApiError, callApi, type AnswerOf } from "@/lib/client/api";
import type { MessageKey } from "@/lib/i18n/translate";

type Answer = AnswerOf<typeof bulkAct>;
const REASONS = ["acknowledged", "contacted", "closed_as_expected"] as const;
/** Refusals of one row in the reader's language; another code shows the server's words. */
const REFUSALS: Record<string, MessageKey> = {
  INVALID_STATE: "admin.queue.bulk.refusals.INVALID_STATE",
  NOT_FOUND: "admin.queue.bulk.refusals.NOT_FOUND",
  APPLICATION_ERASED: "admin.queue.bulk.refusals.APPLICATION_ERASED",
};

type ChoiceProps = {
  id: string;
  label: string;
  options: SelectOption[];
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  busy: boolean;
  disabled: boolean;
  onRun: () => void;
  action: string;
};

/** A choice (the colleague, the reason) and the button that applies it to the selected rows. */
function ChoiceAction({ id, label, options, placeholder, value, onChange, busy, disabled, onRun, action }: ChoiceProps) {
  return (
    <>
      <Select id={id} label={label} options={options} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      <Button variant="secondary" busy={busy} disabled={busy || disabled || !value} onClick={onRun}>
        {action}
      </Button>
    </>
  );
}

/** "n selected" and the bulk actions on the chosen rows; the answer says per row what happened, partial success too. */
export function BulkBar({
  colleagues,
  names,
  selectAll,
}: {
  colleagues: SelectOption[];
  names: Record<string, string>;
  /** "Select all on this page", before the actions (the table's first column then holds only the rows' boxes). */
  selectAll: ReactNode;
}) {
  const { t } = useI18n();
  const router = useRouter();
  const { chosen, setAll } = useSelection();
  const [assigneeId, setAssigneeId] = useState("");
  const [reason, setReason] = useState("");
  // The rows' names as they were when acting: after the refresh the rows resolved may have left the page.
  const [answer, setAnswer] = useState<{ action: BulkInput["action"]; result: Answer; names: Record<string, string> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (input: BulkInput) => callApi<Answer>("/api/admin/applications/bulk", { json: input }),
    onSuccess: (result, input) => {
      setAnswer({ action: input.action, result, names });
      setAll(false);
      router.refresh();
    },
    onError: (failure) => setError(asApiError(failure).message),
  });
  const ids = [...chosen];
  const run = (input: BulkInput) => {
    setError(null);
    setAnswer(null);
    act.mutate(input);
  };
  const refused = answer?.result.results.flatMap((r) => (r.outcome === "refused" ? [r] : [])) ?? [];
  return (
    <section aria-label={t("admin.queue.bulk.label")} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center gap-4">
        {selectAll}
        <p role="status" className="font-semibold" data-testid="bulk-count">
          {t("admin.queue.bulk.selected", { count: String(ids.length) })}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <ChoiceAction
          id="bulk-assignee"
          label={t("admin.queue.bulk.assignTo")}
          options={colleagues}
          placeholder={t("admin.queue.bulk.choose")}
          value={assigneeId}
          onChange={setAssigneeId}
          busy={act.isPending}
          disabled={ids.length === 0}
          onRun={() => run({ action: "assign", ids, assigneeId })}
          action={t("admin.queue.bulk.assign")}
        />
        <ChoiceAction
          id="bulk-reason"
          label={t("admin.case.attention.reason")}
          options={REASONS.map((r) => ({ value: r, label: t(`admin.case.attention.reasons.${r}`) }))}
          placeholder={t("admin.queue.bulk.choose")}
          value={reason}
          onChange={setReason}
          busy={act.isPending}
          disabled={ids.length === 0}
          onRun={() => {
            const r = REASONS.find((x) => x === reason);
            if (r) run({ action: "resolve", ids, reason: r });
          }}
          action={t("admin.queue.bulk.resolve")}
        />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {answer ? (
        <Alert
          tone={refused.length ? "warning" : "success"}
          title={t(`admin.queue.bulk.done.${answer.action}`, { count: String(answer.result.done) })}
        >
          {refused.length ? (
            <>
              <p>{t("admin.queue.bulk.refused", { count: String(refused.length) })}</p>
              <ul className="list-disc pl-5">
                {refused.map((r) => (
                  <li key={r.id}>
                    {answer.names[r.id] || r.id}: {REFUSALS[r.code] ? t(REFUSALS[r.code] as MessageKey) : r.message}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Alert>
      ) : null}
    </section>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useErrorText, useMessage, useUpstreamAnswer } from "@/components/admin/use-message";
import type { IssuerUnavailable } from "@/lib/admin/case/actions/lifecycle";
import { ConfirmPanel } from "@/components/admin/confirm-panel";
import type { ButtonVariant } from "@/components/ui/button";
import { controlClasses, Field } from "@/components/ui/field";
import { asApiError, callApi } from "@/lib/client/api";
import { useStaffClock } from "@/components/admin/staff-clock";
import { formatStaffTime } from "@/lib/admin/clock";

type Props = {
  endpoint: string;
  /** Catalog keys under admin.actions.<name>: button, hint, confirmTitle, confirmBody, confirm, outcome (and reason*). */
  name: "retry" | "fail" | "reopen";
  variant?: ButtonVariant;
  withReason?: boolean;
};

type Answer = { state?: string; unavailable?: IssuerUnavailable };

/** An action asked for twice: the button opens an inline confirmation (with a reason where one is needed). */
export function ConfirmAction({ endpoint, name, variant = "secondary", withReason = false }: Props) {
  const t = useMessage();
  const errorText = useErrorText();
  const answerOf = useUpstreamAnswer();
  const clock = useStaffClock();
  const formatWhen = (iso: string) => formatStaffTime(clock, iso, "second");
  const router = useRouter();
  const id = useId();
  const k = (key: string, values?: Record<string, string>) => t(`admin.actions.${name}.${key}`, values);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [outcome, setOutcome] = useState<string | null>(null);

  // retry-card, reopen and fail each answer the application's new state; a retry the issuer did not answer says so.
  const action = useMutation({
    mutationFn: () => callApi<Answer>(endpoint, { json: withReason ? { reason } : {} }),
    onSuccess: (answer) => {
      setOpen(false);
      const down = answer.unavailable;
      setOutcome(
        down
          ? k("unavailable", { answer: answerOf(down.status), requestId: down.requestId, when: formatWhen(down.retryFrom) })
          : k("outcome", { state: t(`admin.states.${answer.state ?? ""}`) }),
      );
      router.refresh();
    },
  });
  const busy = action.isPending;
  const error = action.error ? asApiError(action.error) : null;
  const reasonError = error?.fields.reason ? t(error.fields.reason) : undefined;

  return (
    <div>
      <ConfirmPanel
        say={(key) => (key === "busy" || key === "cancel" || key === "errorTitle" ? t(`admin.actions.${key}`) : k(key))}
        open={open}
        onOpenChange={setOpen}
        onConfirm={() => action.mutate()}
        busy={busy}
        error={error && !reasonError ? errorText(error) : null}
        variant={variant}
      >
        {withReason ? (
          <Field id={`${id}-reason`} label={k("reason")} hint={k("reasonHint")} error={reasonError} className="mt-3">
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={600}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className={controlClasses(Boolean(reasonError))}
              />
            )}
          </Field>
        ) : null}
      </ConfirmPanel>
      <p role="status" className="mt-2 text-sm font-semibold">
        {outcome ?? ""}
      </p>
    </div>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useErrorText, useMessage } from "@/components/admin/use-message";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { controlClasses, Field } from "@/components/ui/field";
import { asApiError, callApi, type ApiRequest } from "@/lib/client/api";

export type FormFieldSpec = {
  /** Dotted path sent to the server (billing_address.city), and where its errors come back. */
  name: string;
  label: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "file";
  optional?: boolean;
  defaultValue?: string;
  autoComplete?: string;
  options?: Array<{ value: string; label: string }>;
  /** Consecutive fields with the same group share a fieldset with this legend (e.g. an address). */
  group?: string;
};

type Props = {
  endpoint: string;
  method?: "POST" | "PUT";
  fields: FormFieldSpec[];
  submit: string;
  /** What to show on success, from the server's answer. */
  onDone: (data: Record<string, unknown>) => ReactNode;
  refresh?: boolean;
  /** Send only the fields changed from their defaultValue (a grouped field brings its whole group along). */
  changedOnly?: boolean;
  /** The same rules as the server, run before sending: field errors by dotted path (none: send). */
  check?: (body: Record<string, unknown>) => Record<string, string>;
};

/** Runs of consecutive fields that share a group (or none). */
function groupsOf(fields: FormFieldSpec[]): Array<{ group?: string; members: FormFieldSpec[] }> {
  const runs: Array<{ group?: string; members: FormFieldSpec[] }> = [];
  for (const f of fields) {
    const last = runs[runs.length - 1];
    if (last && last.group === f.group) last.members.push(f);
    else runs.push({ group: f.group, members: [f] });
  }
  return runs;
}

function nest(entries: Array<[string, string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of entries) {
    const keys = path.split(".");
    let node = out;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1] ?? path] = value;
  }
  return out;
}

/** The fields to send: all of them, or the changed ones with the rest of their group. */
function toSend(fields: FormFieldSpec[], value: (f: FormFieldSpec) => string, changedOnly: boolean): FormFieldSpec[] {
  if (!changedOnly) return fields;
  const changed = fields.filter((f) => value(f) !== (f.defaultValue ?? ""));
  const groups = new Set(changed.flatMap((f) => (f.group ? [f.group] : [])));
  return fields.filter((f) => changed.includes(f) || (f.group !== undefined && groups.has(f.group)));
}

/** A staff form: field errors tied to their inputs, an error summary, a busy state; JSON, or multipart with a file. */
export function ActionForm({ endpoint, method = "POST", fields, submit, onDone, refresh = true, changedOnly = false, check }: Props) {
  // Server answers carry message keys (this area's, or the cardholder form's errors.*).
  const t = useMessage();
  const { locale } = useI18n();
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<ReactNode>(null);
  const [attempt, setAttempt] = useState(0);
  const fieldId = (name: string) => `${id}-${name.replace(/\./g, "-")}`;

  const action = useMutation({
    mutationFn: (request: ApiRequest) => callApi<Record<string, unknown>>(endpoint, request),
    onSettled: () => setAttempt((n) => n + 1),
    onSuccess: (answer) => {
      setErrors({});
      setMessage(null);
      setDone(onDone(answer));
      if (refresh) router.refresh();
    },
    onError: (failure) => {
      const error = asApiError(failure);
      const fieldErrors = Object.keys(error.fields).length > 0;
      setErrors(error.fields);
      // The issuer's own words stay visible beside the field errors when it refused (e.g. a reference used before).
      setMessage(fieldErrors && error.code !== "UPSTREAM_REFUSED" ? null : errorText(error));
    },
  });
  const busy = action.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const multipart = fields.some((f) => f.type === "file");
    setDone(null);
    const value = (f: FormFieldSpec) => String(data.get(f.name) ?? "");
    const sent = toSend(fields, value, changedOnly).filter((f) => f.type !== "file");
    const json = nest(sent.map((f) => [f.name, value(f)]));
    const problems = multipart ? {} : (check?.(json) ?? {});
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setMessage(null);
      setAttempt((n) => n + 1);
      return;
    }
    action.mutate(multipart ? { method, form: data } : { method, json });
  };
  // Each line of the summary names its field ("Mobile number: Enter a valid mobile number"), as the applicant's form does.
  const colon = locale === "zh-CN" ? "：" : ": ";
  const summary = Object.entries(errors).map(([name, key]) => {
    const field = fields.find((f) => f.name === name);
    return { fieldId: fieldId(field?.name ?? fields[0]?.name ?? ""), message: field ? `${field.label}${colon}${t(key)}` : t(key) };
  });

  const renderField = (f: FormFieldSpec) => (
    <Field
      key={f.name}
      id={fieldId(f.name)}
      label={f.label}
      hint={f.hint}
      error={errors[f.name] ? t(errors[f.name] ?? "") : undefined}
      optionalText={f.optional ? t("admin.actions.correct.optional") : undefined}
    >
      {(control) =>
        f.options ? (
          <select {...control} name={f.name} defaultValue={f.defaultValue} className={controlClasses(Boolean(errors[f.name]))}>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            name={f.name}
            type={f.type ?? "text"}
            defaultValue={f.type === "file" ? undefined : f.defaultValue}
            autoComplete={f.autoComplete ?? "off"}
            accept={f.type === "file" ? ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf" : undefined}
            className={controlClasses(Boolean(errors[f.name]))}
          />
        )
      }
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <ErrorSummary title={t("admin.actions.errorSummary")} errors={summary} focusKey={attempt} />
      {message ? (
        <Alert tone="error" title={t("admin.actions.errorTitle")}>
          {message}
        </Alert>
      ) : null}
      {groupsOf(fields).map(({ group, members }) =>
        group ? (
          <fieldset key={group} className="flex flex-col gap-3">
            <legend className="mb-2 text-base font-semibold">{group}</legend>
            <div className="grid gap-4 md:grid-cols-2">{members.map(renderField)}</div>
          </fieldset>
        ) : (
          <div key={members[0]?.name} className="grid gap-4 md:grid-cols-2">
            {members.map(renderField)}
          </div>
        ),
      )}
      <div>
        <Button type="submit" busy={busy} disabled={busy}>
          {busy ? t("admin.actions.busy") : submit}
        </Button>
      </div>
      <div role="status">{done}</div>
    </form>
  );
}

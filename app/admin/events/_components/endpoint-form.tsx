"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { SecretPanel } from "@/app/admin/events/_components/secret-panel";
import { useErrorText, useMessage } from "@/components/admin/use-message";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ErrorSummary } from "@/components/ui/error-summary";
import { controlClasses, Field } from "@/components/ui/field";
import { asApiError, callApi } from "@/lib/client/api";

type Saved = { id: string; url: string; description: string | null; eventTypes: string[] | null };
type Props = {
  /** The documented event types (lib/db/schema/events.ts), passed by the page so no server module reaches the bundle. */
  types: readonly string[];
  live: boolean;
  /** Editing this endpoint (PATCH); without it, a new one (POST, its secret shown once). */
  endpoint?: Saved;
};

const FIELDS = ["url", "description", "eventTypes"] as const;

/** Adds an endpoint or changes one: URL, description, the types as checkboxes ("All events" by default). */
export function EndpointForm({ types, live, endpoint }: Props) {
  const { t, locale } = useI18n();
  const message = useMessage();
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [all, setAll] = useState(endpoint ? endpoint.eventTypes === null : true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [saved, setSaved] = useState(false);

  const save = useMutation({
    mutationFn: (json: Record<string, unknown>) =>
      endpoint
        ? callApi<{ endpoint: Saved }>(`/api/admin/event-endpoints/${endpoint.id}`, { method: "PATCH", json })
        : callApi<{ endpoint: Saved; secret?: string }>("/api/admin/event-endpoints", { json }),
    onSettled: () => setAttempt((n) => n + 1),
    onSuccess: (answer: { endpoint: Saved; secret?: string }) => {
      setErrors({});
      setFailure(null);
      if (answer.secret) setCreated({ id: answer.endpoint.id, secret: answer.secret });
      setSaved(Boolean(endpoint));
      router.refresh();
    },
    onError: (error) => {
      const e = asApiError(error);
      setErrors(e.fields);
      setFailure(Object.keys(e.fields).length > 0 ? null : errorText(e));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setCreated(null);
    setSaved(false);
    const description = String(data.get("description") ?? "").trim();
    const sent: Record<string, unknown> = {
      url: String(data.get("url") ?? ""),
      description: description || null,
      eventTypes: all ? null : data.getAll("eventTypes").map(String),
    };
    // An edit sends what changed only, so the audit names it (and an unchanged URL is not looked up again).
    if (endpoint) for (const key of FIELDS) if (JSON.stringify(sent[key]) === JSON.stringify(endpoint[key] ?? null)) delete sent[key];
    save.mutate(sent, {
      onSuccess: () => {
        if (endpoint) return;
        form.reset();
        setAll(true);
      },
    });
  };

  const f = (key: "url" | "description" | "types") => t(`admin.eventEndpoints.form.${key}`);
  const labels: Record<(typeof FIELDS)[number], string> = { url: f("url"), description: f("description"), eventTypes: f("types") };
  const colon = locale === "zh-CN" ? "：" : ": ";
  const summary = FIELDS.filter((name) => errors[name]).map((name) => ({
    // The types' errors lead to the first box a person can tick.
    fieldId: name === "eventTypes" ? fieldId("all") : fieldId(name),
    message: `${labels[name]}${colon}${message(errors[name] ?? "")}`,
  }));
  const error = (name: (typeof FIELDS)[number]) => (errors[name] ? message(errors[name] ?? "") : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <ErrorSummary title={t("admin.eventEndpoints.form.errorSummary")} errors={summary} focusKey={attempt} />
      {failure ? (
        <Alert tone="error" title={t("admin.eventEndpoints.form.errorTitle")}>
          {failure}
        </Alert>
      ) : null}
      <Field
        id={fieldId("url")}
        label={labels.url}
        hint={t(`admin.eventEndpoints.form.${live ? "urlHintLive" : "urlHintSandbox"}`)}
        error={error("url")}
      >
        {(control) => (
          <input
            {...control}
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            defaultValue={endpoint?.url}
            className={controlClasses(Boolean(errors.url))}
          />
        )}
      </Field>
      <Field
        id={fieldId("description")}
        label={labels.description}
        hint={t("admin.eventEndpoints.form.descriptionHint")}
        optionalText={t("admin.eventEndpoints.form.optional")}
        error={error("description")}
      >
        {(control) => (
          <input
            {...control}
            name="description"
            autoComplete="off"
            defaultValue={endpoint?.description ?? ""}
            className={controlClasses(Boolean(errors.description))}
          />
        )}
      </Field>
      <Field
        id={fieldId("types")}
        label={labels.eventTypes}
        hint={t("admin.eventEndpoints.form.typesHint")}
        error={error("eventTypes")}
        group={{}}
      >
        {() => (
          <div className="flex flex-col">
            <Checkbox
              id={fieldId("all")}
              label={t("admin.eventEndpoints.form.allTypes")}
              checked={all}
              onChange={(e) => setAll(e.target.checked)}
            />
            <div className="flex flex-col border-l-2 border-border pl-4">
              {types.map((type) => (
                <Checkbox
                  key={type}
                  id={fieldId(`type-${type}`)}
                  name="eventTypes"
                  value={type}
                  disabled={all}
                  defaultChecked={endpoint?.eventTypes?.includes(type) ?? false}
                  label={<span className="font-mono text-sm break-all">{type}</span>}
                />
              ))}
            </div>
          </div>
        )}
      </Field>
      <div>
        <Button type="submit" busy={save.isPending} disabled={save.isPending}>
          {save.isPending ? t("admin.eventEndpoints.form.busy") : t(`admin.eventEndpoints.form.${endpoint ? "save" : "create"}`)}
        </Button>
      </div>
      <div role="status">
        {saved ? <p className="font-semibold">{t("admin.eventEndpoints.form.saved")}</p> : null}
        {created ? (
          <SecretPanel heading={t("admin.eventEndpoints.secret.created")} secret={created.secret}>
            <p>
              <Link href={`/admin/events/${created.id}`}>{t("admin.eventEndpoints.secret.open")}</Link>
            </p>
          </SecretPanel>
        ) : null}
      </div>
    </form>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { TextField } from "@/components/ui/text-field";
import { asApiError, callApi } from "@/lib/client/api";

export type PasswordFormTexts = {
  current?: string;
  next: string;
  confirm: string;
  rules: string;
  submit: string;
  saving: string;
  mismatch: string;
  required: string;
  tooShort: string;
  errorTitle: string;
  failed: string;
  invalidHeading: string;
  invalid: string;
  done: string;
  signIn: string;
};

type Field = "current" | "next" | "confirm";
const ID: Record<Field, string> = { current: "password-current", next: "password-next", confirm: "password-confirm" };

/**
 * A new password, twice: the own-account change (with the current password, POST /api/admin/account/password)
 * or the one-time link (with its token, POST /api/staff-password). Both end the sessions: sign in afterwards.
 */
export function PasswordForm({ token, texts, known }: { token?: string; texts: PasswordFormTexts; known: Record<string, string> }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<"form" | "done" | "invalid" | "failed">("form");

  // The one-time link's token, or the own account's current password: the same new password either way.
  const save = useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) =>
      token
        ? callApi<unknown>("/api/staff-password", { json: { token, password: next } })
        : callApi<unknown>("/api/admin/account/password", { json: { current, next } }),
    onSuccess: () => setState("done"),
    onError: (failure) => {
      const error = asApiError(failure);
      // Too many wrong current passwords ended this session: sign in again (the page says the session ended).
      if (error.code === "UNAUTHORIZED") return router.replace("/admin/sign-in?callbackUrl=%2Fadmin%2Faccount&error=SessionEnded");
      if (token && error.code === "NOT_FOUND") return setState("invalid");
      const f = error.fields;
      const mapped: Partial<Record<Field, string>> = {};
      if (f.current) mapped.current = known[f.current] ?? texts.failed;
      if (f.password || f.next) mapped.next = known[f.password ?? f.next ?? ""] ?? texts.tooShort;
      if (Object.keys(mapped).length > 0) setErrors(mapped);
      else setState("failed");
    },
  });
  const busy = save.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (k: Field) => String(data.get(k) ?? "");
    const found: Partial<Record<Field, string>> = {};
    if (!token && !value("current")) found.current = texts.required;
    if (value("next").length < 12 || value("next").length > 256) found.next = texts.tooShort;
    else if (value("next") !== value("confirm")) found.confirm = texts.mismatch;
    setAttempt((n) => n + 1);
    setErrors(found);
    if (state === "failed") setState("form");
    if (Object.keys(found).length > 0) return;
    save.mutate({ current: value("current"), next: value("next") });
  }

  if (state === "done" || state === "invalid")
    return (
      <div className="flex flex-col gap-4">
        <Alert tone={state === "done" ? "success" : "error"} title={state === "invalid" ? texts.invalidHeading : undefined}>
          {state === "done" ? texts.done : texts.invalid}
        </Alert>
        {state === "done" ? (
          <p>
            <Link href="/admin/sign-in">{texts.signIn}</Link>
          </p>
        ) : null}
      </div>
    );

  const summary = (Object.keys(errors) as Field[]).map((k) => ({ fieldId: ID[k], message: errors[k] ?? "" }));
  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-5">
      <ErrorSummary title={texts.errorTitle} errors={summary} focusKey={attempt} />
      {state === "failed" ? (
        <Alert tone="error" title={texts.errorTitle}>
          {texts.failed}
        </Alert>
      ) : null}
      {texts.current ? (
        <TextField
          id={ID.current}
          name="current"
          type="password"
          label={texts.current}
          error={errors.current}
          autoComplete="current-password"
        />
      ) : null}
      <TextField
        id={ID.next}
        name="next"
        type="password"
        label={texts.next}
        hint={texts.rules}
        error={errors.next}
        autoComplete="new-password"
      />
      <TextField id={ID.confirm} name="confirm" type="password" label={texts.confirm} error={errors.confirm} autoComplete="new-password" />
      <Button type="submit" busy={busy} disabled={busy} className="self-start">
        {busy ? texts.saving : texts.submit}
      </Button>
    </form>
  );
}

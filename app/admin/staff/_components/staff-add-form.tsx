"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { OneTimeLink } from "@/app/admin/staff/_components/one-time-link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Select, type SelectOption } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import type { addStaff } from "@/lib/admin/staff/accounts";
import { asApiError, callApi, type AnswerOf } from "@/lib/client/api";

export type StaffAddTexts = {
  heading: string;
  email: string;
  emailHint: string;
  roleHint: string;
  name: string;
  role: string;
  submit: string;
  saving: string;
  emailInvalid: string;
  nameTooLong: string;
  errorTitle: string;
  failed: string;
  added: string;
  linkTitle: string;
  link: { lead: string; note: string; emailedNote: string; copy: string; copied: string; copyFailed: string };
};

type Errors = Partial<Record<"email" | "name" | "role", string>>;
const FIELD_IDS = { email: "new-staff-email", name: "new-staff-name", role: "new-staff-role" } as const;

/** Adds a staff member (POST /api/admin/staff) and shows the one-time set-password link: emailed to them, or to pass on. */
export function StaffAddForm({ roles, texts, known }: { roles: SelectOption[]; texts: StaffAddTexts; known: Record<string, string> }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<{ email: string; url: string; emailed: boolean }>();

  const add = useMutation({
    mutationFn: (json: { email: string; name: string; role: string }) => callApi<AnswerOf<typeof addStaff>>("/api/admin/staff", { json }),
    onSuccess: (answer) => {
      setCreated({ email: answer.staff.email, url: answer.setPasswordUrl, emailed: answer.emailed });
      router.refresh();
    },
    onError: (failure) => {
      // A field error the page knows by its key reads in the page's words; any other refusal is the generic one.
      const { fields } = asApiError(failure);
      const mapped: Errors = {};
      if (fields.email) mapped.email = known[fields.email] ?? texts.emailInvalid;
      if (fields.name) mapped.name = known[fields.name] ?? texts.nameTooLong;
      if (fields.role) mapped.role = known[fields.role] ?? texts.failed;
      if (Object.keys(mapped).length > 0) setErrors(mapped);
      else setFailure(texts.failed);
    },
  });
  const busy = add.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = {
      email: String(data.get("email") ?? "").trim(),
      name: String(data.get("name") ?? "").trim(),
      role: String(data.get("role")),
    };
    const found: Errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) found.email = texts.emailInvalid;
    if (input.name.length > 100) found.name = texts.nameTooLong;
    setAttempt((n) => n + 1);
    setFailure(undefined);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(input, { onSuccess: () => form.reset() });
  }

  const summary = (Object.keys(errors) as (keyof Errors)[]).map((k) => ({ fieldId: FIELD_IDS[k], message: errors[k] ?? "" }));
  return (
    <section aria-labelledby="add-staff-heading" className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4">
      <h2 id="add-staff-heading" className="text-xl font-semibold">
        {texts.heading}
      </h2>
      <ErrorSummary title={texts.errorTitle} errors={summary} focusKey={attempt} />
      {failure ? (
        <Alert tone="error" title={texts.errorTitle}>
          {failure}
        </Alert>
      ) : null}
      {created ? (
        <OneTimeLink
          id="new-staff-link"
          url={created.url}
          texts={{
            ...texts.link,
            title: texts.added.replace("{email}", created.email),
            label: texts.linkTitle.replace("{email}", created.email),
            note: (created.emailed ? texts.link.emailedNote : texts.link.note).replaceAll("{email}", created.email),
          }}
        />
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 md:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <TextField
          id={FIELD_IDS.email}
          name="email"
          type="email"
          label={texts.email}
          hint={texts.emailHint}
          error={errors.email}
          autoComplete="off"
          spellCheck={false}
          className="md:col-span-2"
        />
        <TextField id={FIELD_IDS.name} name="name" label={texts.name} error={errors.name} autoComplete="off" />
        <Select
          id={FIELD_IDS.role}
          name="role"
          label={texts.role}
          options={roles}
          defaultValue="viewer"
          hint={texts.roleHint}
          error={errors.role}
        />
        <Button type="submit" busy={busy} disabled={busy} className="justify-self-start md:col-span-2 lg:col-span-4">
          {busy ? texts.saving : texts.submit}
        </Button>
      </form>
    </section>
  );
}

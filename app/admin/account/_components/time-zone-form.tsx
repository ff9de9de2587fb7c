"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Select } from "@/components/ui/select";
import { asApiError, callApi } from "@/lib/client/api";

export type TimeZoneFormTexts = Record<
  "label" | "hint" | "choose" | "submit" | "saving" | "invalid" | "errorTitle" | "failed" | "saved",
  string
>;

const FIELD_ID = "account-time-zone";

/**
 * The staff member's own time zone (POST /api/admin/account/time-zone), chosen from the zones Intl knows. Saving
 * shows the whole page again, so every time on it (and on the next pages) is in the new zone.
 */
export function TimeZoneForm({ current, zones, texts }: { current: string | null; zones: string[]; texts: TimeZoneFormTexts }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (timeZone: string) =>
      callApi<{ timeZone: string }>("/api/admin/account/time-zone", { json: { timeZone, source: "account" } }),
    onSuccess: (answer) => {
      setSaved(texts.saved.replace("{zone}", answer.timeZone));
      router.refresh();
    },
    onError: (failure) => setError(asApiError(failure).fields.timeZone ? texts.invalid : texts.failed),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const timeZone = String(new FormData(event.currentTarget).get("timeZone") ?? "");
    setAttempt((n) => n + 1);
    setSaved(null);
    setError(timeZone ? null : texts.invalid);
    if (timeZone) save.mutate(timeZone);
  }

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-5">
      <ErrorSummary title={texts.errorTitle} errors={error ? [{ fieldId: FIELD_ID, message: error }] : []} focusKey={attempt} />
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      <Select
        id={FIELD_ID}
        name="timeZone"
        label={texts.label}
        hint={texts.hint}
        error={error ?? undefined}
        options={zones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
        placeholder={texts.choose}
        defaultValue={current ?? ""}
      />
      <div>
        <Button type="submit" busy={save.isPending} disabled={save.isPending}>
          {save.isPending ? texts.saving : texts.submit}
        </Button>
      </div>
    </form>
  );
}

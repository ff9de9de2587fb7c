"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { SecretPanel } from "@/app/admin/events/_components/secret-panel";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { controlClasses, Field } from "@/components/ui/field";
import { callApi } from "@/lib/client/api";

const HOURS = [0, 1, 24, 72, 168] as const;

/** Rotates the signing secret with the overlap chosen; the new secret is shown this once. */
export function RotateForm({ id }: { id: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const fieldId = useId();
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: (overlapHours: number) =>
      callApi<{ secret: string; previousExpiresAt: string }>(`/api/admin/event-endpoints/${id}/rotate`, { json: { overlapHours } }),
    onSuccess: (answer) => {
      setSecret(answer.secret);
      // The page then says until when the previous secret still signs.
      router.refresh();
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSecret(null);
    rotate.mutate(Number(new FormData(event.currentTarget).get("overlapHours") ?? 24));
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <Field id={fieldId} label={t("admin.eventEndpoints.detail.rotate.overlap")}>
        {(control) => (
          <select {...control} name="overlapHours" defaultValue="24" className={controlClasses(false)}>
            {HOURS.map((h) => (
              <option key={h} value={String(h)}>
                {t(`admin.eventEndpoints.detail.rotate.hours.h${h}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {rotate.isError ? (
        <Alert tone="error" title={t("admin.eventEndpoints.form.errorTitle")}>
          {t("admin.eventEndpoints.detail.failed")}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" busy={rotate.isPending} disabled={rotate.isPending}>
          {rotate.isPending ? t("admin.eventEndpoints.form.busy") : t("admin.eventEndpoints.detail.rotate.submit")}
        </Button>
      </div>
      <div role="status">{secret ? <SecretPanel heading={t("admin.eventEndpoints.secret.rotated")} secret={secret} /> : null}</div>
    </form>
  );
}

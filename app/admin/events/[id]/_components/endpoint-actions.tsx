"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { RowConfirm } from "@/app/admin/staff/_components/row-confirm";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Button } from "@/components/ui/button";
import { callApi } from "@/lib/client/api";

/** Turns the endpoint off or back on; the page then says why it is off and since when. */
export function OnOffButton({ id, enabled }: { id: string; enabled: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const change = useMutation({
    mutationFn: () => callApi(`/api/admin/event-endpoints/${id}/${enabled ? "disable" : "enable"}`, { json: {} }),
    onSuccess: () => router.refresh(),
  });
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" busy={change.isPending} disabled={change.isPending} onClick={() => change.mutate()}>
        {t(enabled ? "admin.eventEndpoints.detail.onOff.off" : "admin.eventEndpoints.detail.onOff.on")}
      </Button>
      {change.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t("admin.eventEndpoints.detail.failed")}
        </p>
      ) : null}
    </div>
  );
}

/** Deletes the endpoint, asked for twice in the page (no browser dialog), then back to the list. */
export function DeleteEndpoint({ id, url }: { id: string; url: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: () => callApi(`/api/admin/event-endpoints/${id}`, { method: "DELETE" }),
    onSuccess: () => router.push("/admin/events"),
  });
  if (!asking)
    return (
      <Button ref={button} variant="danger" onClick={() => setAsking(true)}>
        {t("admin.eventEndpoints.detail.remove.button")}
      </Button>
    );
  return (
    <div className="flex flex-col gap-2">
      <RowConfirm
        text={t("admin.eventEndpoints.detail.remove.confirm", { url })}
        confirm={t("admin.eventEndpoints.detail.remove.yes")}
        cancel={t("admin.eventEndpoints.detail.remove.cancel")}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => {
          setAsking(false);
          requestAnimationFrame(() => button.current?.focus());
        }}
      />
      {remove.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t("admin.eventEndpoints.detail.failed")}
        </p>
      ) : null}
    </div>
  );
}

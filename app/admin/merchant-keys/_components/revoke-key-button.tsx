"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { RowConfirm } from "@/app/admin/staff/_components/row-confirm";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Button } from "@/components/ui/button";
import { callApi } from "@/lib/client/api";

/** Revokes one key, asked for twice in the row (no browser dialog); the list then shows it revoked. */
export function RevokeKeyButton({ id, name, prefix }: { id: string; name: string; prefix: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const revoke = useMutation({
    mutationFn: () => callApi(`/api/admin/merchant-keys/${id}/revoke`, { json: {} }),
    onSuccess: () => {
      setAsking(false);
      router.refresh();
    },
  });
  if (asking)
    return (
      <div className="flex flex-col gap-2">
        <RowConfirm
          text={t("admin.merchant.list.revokeConfirm", { name, prefix })}
          confirm={t("admin.merchant.list.revokeYes")}
          cancel={t("admin.merchant.list.cancel")}
          danger
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate()}
          onCancel={() => {
            setAsking(false);
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
        {revoke.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t("admin.merchant.list.revokeFailed")}
          </p>
        ) : null}
      </div>
    );
  return (
    <Button ref={button} variant="secondary" className="px-3 text-sm" onClick={() => setAsking(true)}>
      {t("admin.merchant.list.revoke")}
      <span className="sr-only"> {t("admin.merchant.list.revokeHidden", { name })}</span>
    </Button>
  );
}

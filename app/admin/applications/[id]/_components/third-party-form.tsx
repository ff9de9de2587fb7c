"use client";

import { useRouter } from "next/navigation";
import { useI18n } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/admin/action-form";
import { Button } from "@/components/ui/button";
import type { MessageKey } from "@/lib/i18n/translate";

/**
 * The merchant's own identity proof (provider, reference id, report) for a complete draft. Not refreshed at once:
 * the form leaves the panel when the draft is sent, and its outcome must stay readable until the agent moves on.
 */
export function ThirdPartyForm({ endpoint }: { endpoint: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const k = (key: string) => t(`admin.actions.thirdParty.${key}` as MessageKey);
  return (
    <ActionForm
      endpoint={endpoint}
      refresh={false}
      submit={k("submit")}
      fields={[
        { name: "provider", label: k("provider"), hint: k("providerHint") },
        { name: "referenceId", label: k("reference"), hint: k("referenceHint") },
        { name: "file", label: k("document"), hint: k("documentHint"), type: "file" },
      ]}
      onDone={(data) => (
        <div className="flex flex-wrap items-center gap-3">
          <p>{t("admin.actions.thirdParty.outcome", { id: String(data.cardholderId ?? "") })}</p>
          <Button variant="secondary" onClick={() => router.refresh()}>
            {k("follow")}
          </Button>
        </div>
      )}
    />
  );
}

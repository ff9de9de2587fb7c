"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/admin/action-form";
import type { MessageKey } from "@/lib/i18n/translate";

/** The merchant's own identity proof (provider, reference id, report) for a complete draft. */
export function ThirdPartyForm({ endpoint }: { endpoint: string }) {
  const { t } = useI18n();
  const k = (key: string) => t(`admin.actions.thirdParty.${key}` as MessageKey);
  return (
    <ActionForm
      endpoint={endpoint}
      submit={k("submit")}
      fields={[
        { name: "provider", label: k("provider"), hint: k("providerHint") },
        { name: "referenceId", label: k("reference"), hint: k("referenceHint") },
        { name: "file", label: k("document"), hint: k("documentHint"), type: "file" },
      ]}
      onDone={(data) => t("admin.actions.thirdParty.outcome", { id: String(data.cardholderId ?? "") })}
    />
  );
}

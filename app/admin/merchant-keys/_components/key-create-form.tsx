"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/admin/action-form";
import { CopyButton } from "@/components/ui/copy-button";

/** Creates a merchant API key and shows it this once, with a copy button. */
export function KeyCreateForm() {
  const { t } = useI18n();
  const c = (key: "name" | "nameHint" | "scopes" | "scopeRead" | "scopeInvite" | "scopeBoth" | "rate" | "rateHint") =>
    t(`admin.merchant.create.${key}`);
  return (
    <ActionForm
      endpoint="/api/admin/merchant-keys"
      submit={t("admin.merchant.create.submit")}
      fields={[
        { name: "name", label: c("name"), hint: c("nameHint") },
        {
          name: "scopes",
          label: c("scopes"),
          options: [
            { value: "applications:read", label: c("scopeRead") },
            { value: "invites:write", label: c("scopeInvite") },
            { value: "applications:read invites:write", label: c("scopeBoth") },
          ],
          defaultValue: "applications:read",
        },
        { name: "ratePerMinute", label: c("rate"), hint: c("rateHint"), optional: true },
      ]}
      onDone={(data) => {
        const key = String(data.key);
        return (
          <div className="flex flex-col gap-2 rounded-card border-2 border-brand bg-surface p-4">
            <p className="font-semibold">{t("admin.merchant.create.keyLabel")}</p>
            <code className="font-mono text-sm break-all" data-testid="new-merchant-key">
              {key}
            </code>
            <p className="text-sm">{t("admin.merchant.create.shownOnce")}</p>
            <CopyButton
              text={key}
              texts={{
                copy: t("admin.merchant.create.copy"),
                copied: t("admin.merchant.create.copied"),
                copyFailed: t("admin.merchant.create.copyFailed"),
              }}
            />
          </div>
        );
      }}
    />
  );
}

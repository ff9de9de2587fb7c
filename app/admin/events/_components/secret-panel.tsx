"use client";

import { useId, type ReactNode } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { CopyButton } from "@/components/ui/copy-button";
import { controlClasses } from "@/components/ui/field";

/**
 * A signing secret shown this once (after adding or rotating): it lives in this component's state only, so a
 * reload never shows it again; the page keeps no copy of it.
 */
export function SecretPanel({ heading, secret, children }: { heading: string; secret: string; children?: ReactNode }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="flex flex-col gap-3 rounded-card border-2 border-brand bg-surface p-4">
      <h3 className="text-lg font-bold">{heading}</h3>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="font-semibold">
          {t("admin.eventEndpoints.secret.label")}
        </label>
        <p id={`${id}-warning`} className="text-sm font-semibold">
          {t("admin.eventEndpoints.secret.warning")}
        </p>
        <input
          id={id}
          readOnly
          value={secret}
          aria-describedby={`${id}-warning`}
          onFocus={(event) => event.currentTarget.select()}
          className={`${controlClasses(false)} font-mono text-sm`}
        />
      </div>
      <CopyButton
        text={secret}
        texts={{
          copy: t("admin.eventEndpoints.secret.copy"),
          copied: t("admin.eventEndpoints.secret.copied"),
          copyFailed: t("admin.eventEndpoints.secret.copyFailed"),
        }}
      />
      {children}
    </div>
  );
}

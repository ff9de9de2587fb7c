"use client";

import { useEffect } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";

/** While a form shows errors its page title starts with "Error: ", so it is the first thing a screen reader hears. */
export function useErrorTitle(active: boolean) {
  const { t } = useI18n();
  useEffect(() => {
    if (!active) return;
    const original = document.title;
    document.title = t("formFields.errorTitle", { title: original });
    return () => {
      document.title = original;
    };
  }, [active, t]);
}

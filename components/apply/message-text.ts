"use client";

import { useCallback } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { catalogs } from "@/lib/i18n/config";
import { hasMessageKey, translateKey } from "@/lib/i18n/form-texts";
import { valueAt } from "@/lib/paths";

/**
 * The text of a message key that arrived as data (a schema, the server, an upload): from the data-borne
 * catalogs, else the page catalog; a key neither knows reads as a general message, never as the key itself.
 */
export function useMessageText(): (key: string) => string {
  const { locale } = useI18n();
  return useCallback(
    (key: string) => {
      if (hasMessageKey(key)) return translateKey(locale, key);
      const text = valueAt(catalogs[locale], key);
      return typeof text === "string" ? text : translateKey(locale, "errors.field.invalid");
    },
    [locale],
  );
}

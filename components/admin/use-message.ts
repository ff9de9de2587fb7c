"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { translateKey } from "@/lib/i18n/form-texts";
import type { MessageKey } from "@/lib/i18n/translate";

/**
 * Translates a message key that arrives as data: this area's own (admin.*) through the typed catalog, the
 * cardholder form's (errors.field.*, errors.file.*) through the form texts, so both read the same as elsewhere.
 */
export function useMessage() {
  const { t, locale } = useI18n();
  return (key: string, values?: Record<string, string>) =>
    key.startsWith("admin.") ? t(key as MessageKey, values) : translateKey(locale, key);
}

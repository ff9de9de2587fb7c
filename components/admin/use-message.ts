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

/** Refusals whose code has a text of its own, so staff read them in their language; others show the server's words. */
const CODE_TEXTS: Record<string, MessageKey> = { APPLICATION_ERASED: "admin.actions.erased" };

/** The text of an action's error: its code's own, or the message the server sent. */
export function useErrorText() {
  const { t } = useI18n();
  return (error: { code: string; message: string }) => {
    const key = CODE_TEXTS[error.code];
    return key ? t(key) : error.message;
  };
}

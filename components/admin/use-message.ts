"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { translateKey } from "@/lib/i18n/form-texts";
import type { UpstreamFailure } from "@/lib/client/api";
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

/** The issuer's answer in words: "HTTP 503", or "no answer" when nothing came back. */
export function useUpstreamAnswer() {
  const { t } = useI18n();
  return (status: number) =>
    status > 0 ? t("admin.actions.upstream.http", { status: String(status) }) : t("admin.actions.upstream.noAnswer");
}

/**
 * The text of an action's error: its code's own, the issuer's answer (unavailable, unknown cardholder, refused:
 * with its code, status and request id), or the message the server sent.
 */
export function useErrorText() {
  const { t } = useI18n();
  const answerOf = useUpstreamAnswer();
  return (error: { code: string; message: string; upstream?: UpstreamFailure }) => {
    const key = CODE_TEXTS[error.code];
    if (key) return t(key);
    const up = error.upstream;
    if (!up) return error.message;
    const values = { code: up.code, requestId: up.requestId, answer: answerOf(up.status) };
    if (error.code === "UPSTREAM_UNAVAILABLE") return t("admin.actions.upstream.unavailable", values);
    return t(up.code === "CARDHOLDER_NOT_FOUND" ? "admin.actions.upstream.notFound" : "admin.actions.upstream.refused", values);
  };
}

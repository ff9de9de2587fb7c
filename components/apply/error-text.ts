import { translateKey } from "@/lib/i18n/form-texts";
import type { Locale } from "@/lib/i18n/config";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import type { FileProblem } from "@/components/ui/dropzone-rules";

// One reading of a field's error key for the field itself and the error summary, so the two always say the same.

/** The page's own messages a field error may carry (a document refused in the browser, or not sent). */
const PAGE_KEYS = ["apply.form.fileFailed", "apply.form.fileTooLarge", "apply.form.fileWrongType", "apply.form.fileEmpty"] as const;
type PageKey = (typeof PAGE_KEYS)[number] & MessageKey;

const isPageKey = (key: string): key is PageKey => (PAGE_KEYS as readonly string[]).includes(key);

/** A file the browser refused before sending it, as a field error key. */
export const FILE_PROBLEM_KEYS: Record<FileProblem, PageKey> = {
  tooLarge: "apply.form.fileTooLarge",
  wrongType: "apply.form.fileWrongType",
  empty: "apply.form.fileEmpty",
};

/** The text of a field error key: the page's own messages, else the form texts (validation and upstream keys). */
export function errorText(t: Translate, locale: Locale, key: string): string {
  if (isPageKey(key)) return t(key);
  // Any other key of the page's own catalog was a failed upload whose reason the person cannot act on.
  return key.startsWith("apply.") ? t("apply.form.fileFailed") : translateKey(locale, key);
}

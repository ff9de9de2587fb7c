import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";

/** The one language switch of the portal and the staff area: a form posting the other language to a server action. */
export function LanguageSwitch({ t, locale, action }: { t: Translate; locale: Locale; action: (form: FormData) => Promise<void> }) {
  const other: Locale = locale === "en" ? "zh-CN" : "en";
  return (
    <form action={action}>
      <input type="hidden" name="locale" value={other} />
      <button
        type="submit"
        lang={other}
        aria-label={t("shell.switchToLabel")}
        className="min-h-11 rounded-control border border-border-strong px-3 text-sm font-semibold hover:bg-surface-muted"
      >
        {t("shell.switchTo")}
      </button>
    </form>
  );
}

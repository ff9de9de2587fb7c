import Link from "next/link";
import { LanguageSwitch } from "@/components/shell/language-switch";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";

/** The brand, the main navigation and the language switch (a server action passed in by the app). */
export function SiteHeader({ t, locale, localeAction }: { t: Translate; locale: Locale; localeAction: (form: FormData) => Promise<void> }) {
  return (
    <header className="border-b border-border bg-surface">
      <div className="mx-auto flex max-w-page flex-wrap items-center justify-between gap-3 px-gutter py-3">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-fg no-underline hover:text-fg">
          <span aria-hidden="true" className="inline-block h-5 w-8 rounded-[4px] bg-brand" />
          {t("shell.brand")}
        </Link>
        <div className="flex items-center gap-4">
          {/* Below sm the brand link, which leads to the same page, stands in for it: the header stays one row at 320 px. */}
          <nav aria-label={t("shell.primaryNav")} className="hidden sm:block">
            <ul className="flex gap-4 text-sm font-semibold">
              <li>
                <Link href="/">{t("shell.navApply")}</Link>
              </li>
            </ul>
          </nav>
          <LanguageSwitch t={t} locale={locale} action={localeAction} />
        </div>
      </div>
    </header>
  );
}

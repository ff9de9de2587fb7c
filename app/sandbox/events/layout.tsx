import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { setLocale } from "@/app/actions/locale";
import { LanguageSwitch } from "@/components/shell/language-switch";
import { RECEIVER_MAX_REQUESTS } from "@/lib/events/sandbox-receiver/store";
import { getTranslator } from "@/lib/i18n/server";
import { getSandboxConfig } from "@/lib/sandbox/config";

// The event receiver's frame: the mail catcher's neutral look (it stands for the merchant's systems, not the portal),
// in the reader's language (staff and merchant developers use it). Sandbox mode only: 404 in live mode.

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("sandboxEvents.title"), robots: { index: false, follow: false } };
}

export default async function SandboxEventsLayout({ children }: { children: ReactNode }) {
  if (!getSandboxConfig().enabled) notFound();
  const { t, locale } = await getTranslator();
  return (
    <div className="flex flex-1 flex-col bg-zinc-100 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="border-b border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900">
        <div className="mx-auto flex w-full max-w-4xl items-center gap-3 px-4 py-3">
          <svg viewBox="0 0 24 24" className="h-7 w-7 shrink-0" aria-hidden="true">
            <path fill="currentColor" d="M4 4h16v10h-5l-3 3-3-3H4V4Zm2 2v6h4l2 2 2-2h4V6H6Zm-2 12h16v2H4v-2Z" />
          </svg>
          <p className="flex-1 text-lg font-bold">
            {t("sandboxEvents.brand")}{" "}
            <span className="font-normal text-zinc-600 dark:text-zinc-400">· {t("sandboxEvents.brandMode")}</span>
          </p>
          <LanguageSwitch t={t} locale={locale} action={setLocale} />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 focus:outline-none">
        {children}
      </main>
      <footer className="px-4 pb-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {t("sandboxEvents.footer", { max: RECEIVER_MAX_REQUESTS })}
      </footer>
    </div>
  );
}

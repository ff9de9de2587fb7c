import type { ReactNode } from "react";
import { setLocale } from "@/app/actions/locale";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { getEnv } from "@/lib/env";
import { getTranslator } from "@/lib/i18n/server";

/** The portal's header, main landmark and footer (the sandbox's hosted pages have their own look). */
export async function PortalChrome({ children }: { children: ReactNode }) {
  const { locale, t } = await getTranslator();
  return (
    <>
      <SiteHeader t={t} locale={locale} localeAction={setLocale} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-page flex-1 px-gutter py-8 focus:outline-none">
        {children}
      </main>
      <SiteFooter t={t} sandbox={getEnv().mode === "sandbox"} />
    </>
  );
}

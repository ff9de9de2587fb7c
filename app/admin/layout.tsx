import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AdminChrome } from "@/app/admin/_components/admin-chrome";
import { currentStaff } from "@/lib/auth/current-staff";
import { I18nProvider } from "@/components/i18n/i18n-provider";
import { QueryProvider } from "@/components/shell/query-provider";
import { clientCatalog } from "@/lib/i18n/client-catalog";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: { default: t("admin.brand"), template: `%s · ${t("admin.brand")}` }, robots: { index: false, follow: false } };
}

// The staff area's frame, and the staff messages for its client components (cardholder pages never get them), and the QueryProvider its forms' mutations need. Not an access check: every page below checks its own (lib/auth/current-staff.ts).
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { t, locale } = await getTranslator();
  return (
    <I18nProvider locale={locale} catalog={clientCatalog(locale, true)}>
      <AdminChrome t={t} locale={locale} staff={await currentStaff()}>
        <QueryProvider>{children}</QueryProvider>
      </AdminChrome>
    </I18nProvider>
  );
}

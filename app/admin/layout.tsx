import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AdminChrome } from "@/app/admin/_components/admin-chrome";
import { currentStaff } from "@/lib/auth/current-staff";
import { I18nProvider } from "@/components/i18n/i18n-provider";
import { QueryProvider } from "@/components/shell/query-provider";
import { StaffClockProvider } from "@/components/admin/staff-clock";
import { TimeZoneBeacon } from "@/components/admin/time-zone-beacon";
import { clientCatalog } from "@/lib/i18n/client-catalog";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: { default: t("admin.brand"), template: `%s · ${t("admin.brand")}` }, robots: { index: false, follow: false } };
}

// The staff area's frame, and the staff messages for its client components (cardholder pages never get them), and the QueryProvider its forms' mutations need. Not an access check: every page below checks its own (lib/auth/current-staff.ts).
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { t, locale } = await getTranslator();
  const staff = await currentStaff();
  // The staff member's time zone for client components; the browser's is sent once while the account has none.
  return (
    <I18nProvider locale={locale} catalog={clientCatalog(locale, true)}>
      <StaffClockProvider timeZone={staff?.timeZone ?? null}>
        <AdminChrome t={t} locale={locale} staff={staff}>
          <QueryProvider>{children}</QueryProvider>
          {staff && !staff.timeZone ? <TimeZoneBeacon /> : null}
        </AdminChrome>
      </StaffClockProvider>
    </I18nProvider>
  );
}

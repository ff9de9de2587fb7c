import Link from "next/link";
import type { ReactNode } from "react";
import { setLocale } from "@/app/actions/locale";
import { AdminNavLinks } from "@/app/admin/_components/admin-nav-links";
import { SignOutButton } from "@/app/admin/_components/sign-out-button";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { cn } from "@/lib/utils";
import { LanguageSwitch } from "@/components/shell/language-switch";
import type { Staff } from "@/lib/auth/current-staff";
import { MAX_SEARCH_LENGTH } from "@/lib/admin/search/term";
import { can } from "@/lib/auth/roles";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";

/** The staff area's header: its own brand, the sections the role may use, who is signed in, sign-out, language. */
export function AdminChrome({ t, locale, staff, children }: { t: Translate; locale: Locale; staff: Staff | null; children: ReactNode }) {
  const links = staff
    ? [
        { href: "/admin", label: t("admin.nav.overview") },
        { href: "/admin/applications", label: t("admin.nav.applications") },
        { href: "/admin/audit", label: t("admin.nav.audit") },
        { href: "/admin/products", label: t("admin.recon.nav.products") },
        { href: "/admin/reconciliation", label: t("admin.recon.nav.reconciliation") },
        { href: "/admin/webhooks", label: t("admin.ops.nav.webhooks") },
        { href: "/admin/mail", label: t("admin.ops.nav.mail") },
        { href: "/admin/transactions", label: t("admin.ops.nav.transactions") },
        { href: "/admin/cards", label: t("admin.ops.nav.cards") },
        ...(can(staff.role, "work") ? [{ href: "/admin/invite", label: t("admin.actions.invite.nav") }] : []),
        ...(can(staff.role, "manage_staff") ? [{ href: "/admin/staff", label: t("admin.nav.staff") }] : []),
        ...(can(staff.role, "manage_staff") ? [{ href: "/admin/merchant-keys", label: t("admin.merchant.nav") }] : []),
        ...(can(staff.role, "manage_staff") ? [{ href: "/admin/events", label: t("admin.eventEndpoints.nav") }] : []),
        { href: "/admin/account", label: t("admin.nav.account") },
      ]
    : [];
  return (
    <>
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-page flex-wrap items-center justify-between gap-3 px-gutter py-3">
          <Link
            href={staff ? "/admin" : "/admin/sign-in"}
            className="flex items-center gap-2 text-lg font-bold text-fg no-underline hover:text-fg"
          >
            <span aria-hidden="true" className="inline-block h-5 w-8 rounded-[4px] bg-fg" />
            {t("admin.brand")}
          </Link>
          <div className="flex flex-wrap items-center gap-4">
            {staff ? (
              <p className="text-sm text-fg-muted">
                {t("admin.nav.signedInAs", { name: staff.name || staff.email, role: t(`admin.roles.${staff.role}`) })}
              </p>
            ) : null}
            {staff ? <SignOutButton label={t("admin.nav.signOut")} /> : null}
            <LanguageSwitch t={t} locale={locale} action={setLocale} />
          </div>
        </div>
        {staff ? (
          <form role="search" action="/admin/search" method="get" className="mx-auto flex max-w-page items-center gap-2 px-gutter pb-3">
            <label htmlFor="staff-search" className="sr-only">
              {t("admin.search.label")}
            </label>
            <input
              id="staff-search"
              name="q"
              type="search"
              maxLength={MAX_SEARCH_LENGTH}
              placeholder={t("admin.search.placeholder")}
              spellCheck={false}
              className={cn(controlClasses(false), "min-w-0 flex-1 sm:max-w-md")}
            />
            <Button type="submit" variant="secondary">
              {t("admin.search.submit")}
            </Button>
          </form>
        ) : null}
        {links.length > 0 ? (
          <nav aria-label={t("admin.nav.label")} className="mx-auto max-w-page px-gutter pb-2">
            <AdminNavLinks links={links} />
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-page flex-1 px-gutter py-8 focus:outline-none">
        {children}
      </main>
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { applicationCounts } from "@/lib/admin/overview";
import { requireStaffPage } from "@/lib/auth/staff";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.overview.title") };
}

// /admin - applications by state, each a way into the work queue.
export default async function AdminOverview() {
  await requireStaffPage("read");
  const { t, locale } = await getTranslator();
  const counts = await applicationCounts();
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const number = new Intl.NumberFormat(locale);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.overview.heading")}</h1>
        <p className="mt-2 text-fg-muted">{t("admin.overview.lead")}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <li className="rounded-card border border-border bg-surface p-4">
          <Link href="/admin/applications" className="font-semibold">
            {t("admin.overview.total")}
          </Link>
          <p className="mt-1 text-2xl font-bold">{number.format(total)}</p>
        </li>
        {counts.map(({ state, count }) => (
          <li key={state} className="rounded-card border border-border bg-surface p-4">
            <Link href={`/admin/applications?state=${state}`} className="font-semibold">
              {t(`admin.states.${state}`)}
            </Link>
            <p className="mt-1 text-2xl font-bold">{number.format(count)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

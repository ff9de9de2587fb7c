import type { Metadata } from "next";
import { dayErrorTexts } from "@/app/admin/_lib/filter-errors";
import { hrefWith, ListFilters, Pager } from "@/components/admin/list-filters";
import { TransactionsTable } from "@/components/admin/transactions-table";
import { transactionParamsSchema, transactionsPage } from "@/lib/admin/ops/transactions";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { can } from "@/lib/auth/roles";
import { getTranslator } from "@/lib/i18n/server";
import { staffClockOf } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.ops.transactions.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const options = (values: string[]) => values.map((v) => ({ value: v, label: v }));

// /admin/transactions - every role: card authorizations from webhooks, filters in the URL, keyset pages, CSV export.
export default async function TransactionsPage({ searchParams }: Props) {
  const staff = await requireStaffPage("read");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const params = transactionParamsSchema.parse(raw);
  const { t, locale } = await getTranslator();
  const daysIn = t("admin.clock.daysIn", { zone: staffClockOf(locale, staff.timeZone).timeZone });
  const dayErrors = dayErrorTexts(raw, locale);
  const page = await transactionsPage(params, undefined, undefined, staff.timeZone ?? undefined);
  const x = (key: "card" | "cardHint" | "status" | "anyStatus" | "type" | "anyType" | "currency" | "anyCurrency") =>
    t(`admin.ops.transactions.${key}`);
  const current = {
    card: params.card,
    status: params.status,
    type: params.type,
    currency: params.currency,
    from: params.from,
    to: params.to,
  };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.ops.transactions.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.ops.transactions.lead")}</p>
      </div>
      <ListFilters
        action="/admin/transactions"
        apply={t("admin.ops.apply")}
        clear={t("admin.ops.clear")}
        fields={[
          { kind: "text", name: "card", label: x("card"), hint: x("cardHint"), value: params.card },
          {
            kind: "select",
            name: "status",
            label: x("status"),
            placeholder: x("anyStatus"),
            options: options(page.facets.statuses),
            value: params.status,
          },
          {
            kind: "select",
            name: "type",
            label: x("type"),
            placeholder: x("anyType"),
            options: options(page.facets.types),
            value: params.type,
          },
          {
            kind: "select",
            name: "currency",
            label: x("currency"),
            placeholder: x("anyCurrency"),
            options: options(page.facets.currencies),
            value: params.currency,
          },
          { kind: "date", name: "from", label: t("admin.ops.from"), hint: daysIn, value: params.from, error: dayErrors.from },
          { kind: "date", name: "to", label: t("admin.ops.to"), hint: daysIn, value: params.to, error: dayErrors.to },
        ]}
      />
      <TransactionsTable
        rows={page.rows}
        t={t}
        locale={locale}
        timeZone={staff.timeZone ?? null}
        caption={t("admin.ops.transactions.caption")}
        empty={t(Object.values(current).some(Boolean) ? "admin.ops.transactions.empty" : "admin.ops.transactions.emptyNone")}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Pager
          first={params.after ? hrefWith("/admin/transactions", current) : undefined}
          next={page.next ? hrefWith("/admin/transactions", current, { after: page.next }) : undefined}
          texts={{ first: t("admin.ops.first"), next: t("admin.ops.next") }}
        />
        {page.rows.length > 0 && can(staff.role, "export") ? (
          <span className="ml-auto flex flex-col items-end">
            <a href={hrefWith("/api/admin/transactions/export", current)} download>
              {t("admin.ops.transactions.export")}
            </a>
            <span className="text-sm text-fg-muted">{t("admin.ops.transactions.exportNote")}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}

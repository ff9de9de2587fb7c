import { formatters } from "@/app/admin/_components/dashboard-funnel";
import { DashboardPanel } from "@/app/admin/_components/dashboard-panel";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import type { BalanceView } from "@/lib/admin/dashboard/load";
import type { Translate } from "@/lib/i18n/translate";

// The issuing balance, asked of the issuer while the page renders; streamed in a Suspense boundary so a slow or
// down issuer holds up only this panel, which then says so plainly.

type Props = { t: Translate; locale: string };

export function BalancePanelShell({ t, children }: { t: Translate; children: React.ReactNode }) {
  return (
    <DashboardPanel id="balance" heading={t("admin.dashboard.balance.heading")} lead={t("admin.dashboard.balance.lead")}>
      {children}
    </DashboardPanel>
  );
}

export function BalanceLoading({ t }: { t: Translate }) {
  return (
    <BalancePanelShell t={t}>
      <p className="text-fg-muted" role="status">
        {t("admin.dashboard.balance.loading")}
      </p>
    </BalancePanelShell>
  );
}

/** `balance` is the page's pending request (lib/admin/dashboard/load.ts loadBalance), awaited here inside the boundary. */
export async function BalancePanel({ t, locale, balance }: Props & { balance: Promise<BalanceView> }) {
  const view = await balance;
  if (!view.ok)
    return (
      <BalancePanelShell t={t}>
        <Alert tone="warning">{t("admin.dashboard.balance.down")}</Alert>
      </BalancePanelShell>
    );
  const f = formatters(t, locale);
  const money = (n: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  const currency = view.funding?.currency ?? "";
  return (
    <BalancePanelShell t={t}>
      <div className="flex flex-col gap-4">
        {view.low && view.threshold !== undefined ? (
          <Alert tone="warning">{t("admin.dashboard.balance.low", { currency, threshold: money(view.threshold) })}</Alert>
        ) : null}
        <DataTable
          caption={t("admin.dashboard.balance.caption")}
          rows={view.balances}
          rowKey={(b) => b.currency}
          empty={t("admin.dashboard.none")}
          columns={[
            { key: "cur", header: t("admin.dashboard.balance.columns.currency"), cell: (b) => b.currency },
            {
              key: "av",
              header: t("admin.dashboard.balance.columns.available"),
              cell: (b) => money(b.available),
              className: "text-right tabular-nums",
            },
            {
              key: "fr",
              header: t("admin.dashboard.balance.columns.frozen"),
              cell: (b) => money(b.frozen),
              className: "text-right tabular-nums",
            },
          ]}
        />
        <div>
          <h3 className="font-semibold">{t("admin.dashboard.balance.openings")}</h3>
          <p className="mb-2 text-sm text-fg-muted">{t("admin.dashboard.balance.openingsLead")}</p>
          <DataTable
            caption={t("admin.dashboard.balance.openingsCaption")}
            rows={view.openings}
            rowKey={(o) => o.productId}
            empty={t("admin.dashboard.balance.noProducts")}
            columns={[
              { key: "p", header: t("admin.dashboard.balance.openingsColumns.product"), cell: (o) => o.name },
              {
                key: "a",
                header: t("admin.dashboard.balance.openingsColumns.amount"),
                cell: (o) => (o.amount > 0 ? `${money(o.amount)} ${o.currency}` : t("admin.dashboard.balance.noMinimum")),
                className: "text-right tabular-nums",
              },
              {
                key: "c",
                header: t("admin.dashboard.balance.openingsColumns.covers"),
                cell: (o) => (o.covers === null ? t("admin.dashboard.none") : f.number(o.covers)),
                className: "text-right tabular-nums",
              },
            ]}
          />
        </div>
      </div>
    </BalancePanelShell>
  );
}

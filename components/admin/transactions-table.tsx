import Link from "next/link";
import { DataTable, type Column } from "@/components/ui/data-table";
import type { TransactionRow } from "@/lib/admin/ops/transactions";
import type { Locale } from "@/lib/i18n/config";
import { formatAmount } from "@/lib/i18n/money";
import type { Translate } from "@/lib/i18n/translate";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

/**
 * Card authorizations: the transactions page and a card's page. Merchant details that retention removed read as
 * "Removed", those of an erased cardholder (their key destroyed) as "Erased".
 */
/** Why a merchant is not shown: removed by retention (or never sent), erased, or sealed with a key not configured. */
const MISSING = {
  open: "admin.ops.transactions.removed",
  none: "admin.ops.transactions.removed",
  erased: "admin.ops.transactions.erased",
  unreadable: "admin.ops.transactions.unreadable",
} as const;

export function TransactionsTable({
  rows,
  t,
  locale,
  timeZone,
  caption,
  empty,
  withCard = true,
}: {
  rows: TransactionRow[];
  t: Translate;
  locale: Locale;
  /** The staff member's zone (null: UTC): every time says it. */
  timeZone: string | null;
  caption: string;
  empty: string;
  withCard?: boolean;
}) {
  const when = staffTimeFormat(staffClockOf(locale, timeZone));
  const timeOf = (r: TransactionRow) => {
    const d = new Date(r.transactionTime);
    return Number.isNaN(d.getTime()) ? r.transactionTime : <time dateTime={d.toISOString()}>{when.format(d)}</time>;
  };
  const missing = (r: TransactionRow) => <span className="text-fg-muted">{t(MISSING[r.details])}</span>;
  const money = (amount: string | null, currency: string | null) => (amount ? formatAmount(amount, currency, locale) : null);
  const col = (key: "time" | "card" | "amount" | "billing" | "fee" | "merchant" | "location" | "category" | "status" | "type") =>
    t(`admin.ops.transactions.columns.${key}`);
  const columns: Column<TransactionRow>[] = [
    { key: "time", header: col("time"), cell: timeOf, className: "whitespace-nowrap" },
    ...(withCard
      ? [
          {
            key: "card",
            header: col("card"),
            cell: (r: TransactionRow) => (
              <>
                <Link href={`/admin/cards/${encodeURIComponent(r.cardId)}`} className="font-mono text-xs break-all">
                  {r.cardId}
                </Link>
                {r.maskedCardNumber ? <p className="font-mono text-xs text-fg-muted">{r.maskedCardNumber}</p> : null}
              </>
            ),
          },
        ]
      : []),
    {
      key: "amount",
      header: col("amount"),
      cell: (r) => money(r.amount, r.currency),
      className: "whitespace-nowrap text-right tabular-nums",
    },
    {
      key: "billing",
      header: col("billing"),
      cell: (r) => money(r.billingAmount, r.billingCurrency),
      className: "whitespace-nowrap text-right tabular-nums",
    },
    {
      key: "fee",
      header: col("fee"),
      cell: (r) => money(r.fee, r.feeCurrency) ?? t("admin.ops.none"),
      className: "whitespace-nowrap text-right",
    },
    { key: "merchant", header: col("merchant"), cell: (r) => r.merchantName ?? missing(r), className: "min-w-36" },
    {
      key: "location",
      header: col("location"),
      cell: (r) => [r.merchantCity, r.merchantCountry].filter(Boolean).join(", ") || t("admin.ops.none"),
    },
    { key: "category", header: col("category"), cell: (r) => r.merchantCategory ?? t("admin.ops.none"), className: "tabular-nums" },
    { key: "status", header: col("status"), cell: (r) => r.status },
    { key: "type", header: col("type"), cell: (r) => r.type },
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} rowKey={(r) => r.transactionId} empty={empty} />;
}

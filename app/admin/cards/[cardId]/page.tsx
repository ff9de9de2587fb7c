import type { Metadata } from "next";
import Link from "next/link";
import { hrefWith, Pager } from "@/components/admin/list-filters";
import { TransactionsTable } from "@/components/admin/transactions-table";
import { Alert } from "@/components/ui/alert";
import { SummaryList } from "@/components/ui/summary-list";
import { cardDetail } from "@/lib/admin/ops/cards";
import { productNames } from "@/lib/admin/queue/load";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { can } from "@/lib/auth/roles";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ cardId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.ops.card.title", { id: (await params).cardId.slice(0, 100) }) };
}

// /admin/cards/[cardId] - every role: one card, the application that holds it (if the portal issued it) and its
// authorizations, keyset pages. A card the portal does not know still shows what the issuer reported.
export default async function CardPage({ params, searchParams }: Props) {
  const staff = await requireStaffPage("read");
  const cardId = (await params).cardId.slice(0, 100);
  const after = (await searchParams).after;
  const { t, locale } = await getTranslator();
  const [detail, products] = await Promise.all([cardDetail(cardId, typeof after === "string" ? after : undefined), productNames()]);
  const col = (key: "number" | "cardholder" | "product" | "status") => t(`admin.ops.cards.columns.${key}`);
  const { card, transactions } = detail;
  const base = `/admin/cards/${encodeURIComponent(cardId)}`;
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link href="/admin/cards">{t("admin.ops.card.back")}</Link>
      </p>
      <h1 className="text-3xl font-bold break-all">{t("admin.ops.card.heading", { id: cardId })}</h1>
      {card ? (
        <section aria-labelledby="card-details">
          <h2 id="card-details" className="mb-2 text-xl font-bold">
            {t("admin.ops.card.details")}
          </h2>
          <SummaryList
            rows={[
              { key: "number", label: col("number"), value: <span className="font-mono">{card.maskedNumber}</span> },
              { key: "cardholder", label: col("cardholder"), value: card.name || t("admin.ops.cards.noName") },
              { key: "product", label: col("product"), value: products[card.productId] ?? card.productId },
              { key: "status", label: col("status"), value: card.status ?? t("admin.ops.cards.unknownStatus") },
              {
                key: "application",
                label: t("admin.ops.card.application"),
                value: (
                  <Link href={`/admin/applications/${card.applicationId}`} className="font-mono">
                    {card.applicationId}
                  </Link>
                ),
              },
            ]}
          />
        </section>
      ) : (
        <Alert tone="warning">{t("admin.ops.card.notIssued")}</Alert>
      )}
      <section aria-labelledby="card-transactions" className="flex flex-col gap-3">
        <h2 id="card-transactions" className="text-xl font-bold">
          {t("admin.ops.card.transactions")}
        </h2>
        <TransactionsTable
          rows={transactions.rows}
          t={t}
          locale={locale}
          timeZone={staff.timeZone ?? null}
          caption={t("admin.ops.card.caption")}
          empty={t("admin.ops.card.empty")}
          withCard={false}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Pager
            first={after ? base : undefined}
            next={transactions.next ? hrefWith(base, {}, { after: transactions.next }) : undefined}
            texts={{ first: t("admin.ops.first"), next: t("admin.ops.next") }}
          />
          {transactions.rows.length > 0 && can(staff.role, "export") ? (
            // The transactions page's export filtered to this card: same role rule, audited the same way.
            <span className="ml-auto flex flex-col items-end">
              <a href={hrefWith("/api/admin/transactions/export", {}, { card: cardId })} download data-testid="card-export">
                {t("admin.search.links.exportCard")}
              </a>
              <span className="text-sm text-fg-muted">{t("admin.ops.transactions.exportNote")}</span>
            </span>
          ) : null}
        </div>
      </section>
    </div>
  );
}

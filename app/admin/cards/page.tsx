import type { Metadata } from "next";
import Link from "next/link";
import { hrefWith, Pager } from "@/components/admin/list-filters";
import { DataTable, type Column } from "@/components/ui/data-table";
import { cardParamsSchema, cardsPage, type CardRow } from "@/lib/admin/ops/cards";
import { productNames } from "@/lib/admin/queue/load";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.ops.cards.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const cardLink = (cardId: string) => (
  <Link href={`/admin/cards/${encodeURIComponent(cardId)}`} className="font-mono text-xs break-all">
    {cardId}
  </Link>
);

// /admin/cards - every role: cards issued through the portal (keyset pages), further cards reconciliation recorded,
// then cards seen only in authorizations.
export default async function CardsPage({ searchParams }: Props) {
  const staff = await requireStaffPage("read");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const params = cardParamsSchema.parse(raw);
  const { t, locale } = await getTranslator();
  const [page, products] = await Promise.all([cardsPage(params), productNames()]);
  const when = staffTimeFormat(staffClockOf(locale, staff.timeZone));
  const col = (key: "card" | "number" | "cardholder" | "product" | "status" | "application") => t(`admin.ops.cards.columns.${key}`);
  const none = t("admin.ops.none");
  const columns: Column<CardRow>[] = [
    { key: "card", header: col("card"), cell: (r) => cardLink(r.cardId) },
    { key: "number", header: col("number"), cell: (r) => <span className="font-mono text-xs">{r.maskedNumber ?? none}</span> },
    {
      key: "cardholder",
      header: col("cardholder"),
      cell: (r) => (
        <>
          {r.name || <span className="text-fg-muted">{t("admin.ops.cards.noName")}</span>}
          {r.cardholderId ? <p className="font-mono text-xs text-fg-muted">{r.cardholderId}</p> : null}
        </>
      ),
    },
    { key: "product", header: col("product"), cell: (r) => products[r.productId] ?? r.productId },
    { key: "status", header: col("status"), cell: (r) => r.status ?? t("admin.ops.cards.unknownStatus") },
    {
      key: "application",
      header: col("application"),
      cell: (r) => (
        <Link href={`/admin/applications/${r.applicationId}`} className="font-mono text-xs break-all">
          {r.applicationId}
        </Link>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.ops.cards.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.ops.cards.lead")}</p>
      </div>
      <DataTable
        caption={t("admin.ops.cards.caption")}
        columns={columns}
        rows={page.rows}
        rowKey={(r) => r.cardId}
        empty={t("admin.ops.cards.empty")}
      />
      <Pager
        first={params.after ? "/admin/cards" : undefined}
        next={page.next ? hrefWith("/admin/cards", {}, { after: page.next }) : undefined}
        texts={{ first: t("admin.ops.first"), next: t("admin.ops.next") }}
      />
      <section aria-labelledby="recorded-cards" className="flex flex-col gap-3">
        <div>
          <h2 id="recorded-cards" className="text-xl font-bold">
            {t("admin.ops.cards.recorded.heading")}
          </h2>
          <p className="mt-1 max-w-prose text-fg-muted">{t("admin.ops.cards.recorded.lead")}</p>
        </div>
        <DataTable
          caption={t("admin.ops.cards.recorded.caption")}
          rows={page.recorded}
          rowKey={(r) => r.cardId}
          empty={t("admin.ops.cards.recorded.empty")}
          columns={[
            { key: "card", header: col("card"), cell: (r) => cardLink(r.cardId) },
            { key: "number", header: col("number"), cell: (r) => <span className="font-mono text-xs">{r.maskedNumber ?? none}</span> },
            {
              key: "cardholder",
              header: col("cardholder"),
              cell: (r) => <span className="font-mono text-xs break-all">{r.cardholderId ?? none}</span>,
            },
            { key: "status", header: col("status"), cell: (r) => r.status ?? t("admin.ops.cards.unknownStatus") },
            {
              key: "application",
              header: col("application"),
              cell: (r) => (
                <Link href={`/admin/applications/${r.applicationId}`} className="font-mono text-xs break-all">
                  {r.applicationId}
                </Link>
              ),
            },
            {
              key: "recorded",
              header: t("admin.ops.cards.recorded.recordedAt"),
              cell: (r) => <time dateTime={r.recordedAt.toISOString()}>{when.format(r.recordedAt)}</time>,
              className: "whitespace-nowrap",
            },
          ]}
        />
      </section>
      <section aria-labelledby="unknown-cards" className="flex flex-col gap-3">
        <div>
          <h2 id="unknown-cards" className="text-xl font-bold">
            {t("admin.ops.cards.unknown.heading")}
          </h2>
          <p className="mt-1 max-w-prose text-fg-muted">{t("admin.ops.cards.unknown.lead")}</p>
        </div>
        <DataTable
          caption={t("admin.ops.cards.unknown.caption")}
          rows={page.unknown}
          rowKey={(r) => r.cardId}
          empty={t("admin.ops.cards.unknown.empty")}
          columns={[
            { key: "card", header: col("card"), cell: (r) => cardLink(r.cardId) },
            { key: "number", header: col("number"), cell: (r) => <span className="font-mono text-xs">{r.maskedNumber ?? none}</span> },
            {
              key: "cardholder",
              header: col("cardholder"),
              cell: (r) => <span className="font-mono text-xs">{r.cardholderId ?? none}</span>,
            },
            { key: "count", header: t("admin.ops.cards.unknown.count"), cell: (r) => r.count, className: "text-right tabular-nums" },
            {
              key: "last",
              header: t("admin.ops.cards.unknown.last"),
              cell: (r) => <time dateTime={r.lastAt.toISOString()}>{when.format(r.lastAt)}</time>,
              className: "whitespace-nowrap",
            },
          ]}
        />
      </section>
    </div>
  );
}

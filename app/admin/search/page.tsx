import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import { productNames } from "@/lib/admin/queue/load";
import { searchFor, SEARCH_LIMIT } from "@/lib/admin/search/search";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import type { adminSearchEn } from "@/lib/i18n/messages/admin-search-en";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.search.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const mono = (href: string, text: string) => (
  <Link href={href} className="font-mono text-xs break-all">
    {text}
  </Link>
);

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // Not a named region: the table inside is one already, with the same name (axe: landmark-unique).
    <section className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

// /admin/search?q= - every role: what the staff header's search box found, grouped by kind, each row a link. The
// page always lists (a single hit is not opened directly), so what was searched and how it was read stays visible.
export default async function SearchPage({ searchParams }: Props) {
  await requireStaffPage("read");
  const raw = (await searchParams).q;
  const q = typeof raw === "string" ? raw : "";
  const { t } = await getTranslator();
  const [found, products] = await Promise.all([searchFor(q), productNames()]);
  const c = (key: keyof typeof adminSearchEn.columns) => t(`admin.search.columns.${key}`);
  const noName = <span className="text-fg-muted">{t("admin.search.noName")}</span>;
  const total = found ? found.applications.length + found.cardholders.length + found.cards.length + found.events.length : 0;
  const said = found ? { text: found.term.text, kind: t(`admin.search.kinds.${found.term.kind}`) } : undefined;
  const capped = found && [found.applications, found.cards].some((g) => g.length >= SEARCH_LIMIT);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{t("admin.search.heading")}</h1>
      {!said ? <p>{t("admin.search.prompt")}</p> : null}
      {said && total > 0 ? <p data-testid="search-read-as">{t("admin.search.readAs", said)}</p> : null}
      {said && total === 0 ? (
        <Alert tone="info">
          <p data-testid="search-read-as">{t("admin.search.nothing", said)}</p>
          <p className="mt-1 text-sm">{t("admin.search.nothingHint")}</p>
        </Alert>
      ) : null}
      {capped ? <p className="text-sm text-fg-muted">{t("admin.search.more", { count: SEARCH_LIMIT })}</p> : null}
      {found && found.applications.length > 0 ? (
        <Group id="found-applications" title={t("admin.search.groups.applications")}>
          <DataTable
            caption={t("admin.search.groups.applications")}
            rows={found.applications}
            rowKey={(r) => r.id}
            empty=""
            columns={[
              { key: "reference", header: c("reference"), cell: (r) => mono(`/admin/applications/${r.id}`, r.reference) },
              ...(found.applications.some((r) => r.merchantReference)
                ? [
                    {
                      key: "merchantReference",
                      header: c("merchantReference"),
                      cell: (r: (typeof found.applications)[number]) => (
                        <span className="font-mono text-xs break-all">{r.merchantReference}</span>
                      ),
                    },
                  ]
                : []),
              { key: "name", header: c("name"), cell: (r) => r.name || noName },
              { key: "state", header: c("state"), cell: (r) => t(`admin.states.${r.state}`) },
              { key: "product", header: c("product"), cell: (r) => products[r.productId] ?? r.productId },
              { key: "application", header: c("application"), cell: (r) => <span className="font-mono text-xs break-all">{r.id}</span> },
            ]}
          />
        </Group>
      ) : null}
      {found && found.cardholders.length > 0 ? (
        <Group id="found-cardholders" title={t("admin.search.groups.cardholders")}>
          <DataTable
            caption={t("admin.search.groups.cardholders")}
            rows={found.cardholders}
            rowKey={(r) => r.cardholderId}
            empty=""
            columns={[
              { key: "cardholder", header: c("cardholder"), cell: (r) => mono(`/admin/applications/${r.applicationId}`, r.cardholderId) },
              { key: "name", header: c("name"), cell: (r) => r.name || noName },
            ]}
          />
        </Group>
      ) : null}
      {found && found.cards.length > 0 ? (
        <Group id="found-cards" title={t("admin.search.groups.cards")}>
          <DataTable
            caption={t("admin.search.groups.cards")}
            rows={found.cards}
            rowKey={(r) => r.cardId}
            empty=""
            columns={[
              { key: "card", header: c("card"), cell: (r) => mono(`/admin/cards/${encodeURIComponent(r.cardId)}`, r.cardId) },
              {
                key: "number",
                header: c("number"),
                cell: (r) => <span className="font-mono text-xs">{r.maskedNumber ?? t("admin.ops.none")}</span>,
              },
              { key: "name", header: c("name"), cell: (r) => r.name || noName },
            ]}
          />
        </Group>
      ) : null}
      {found && found.events.length > 0 ? (
        <Group id="found-events" title={t("admin.search.groups.events")}>
          <DataTable
            caption={t("admin.search.groups.events")}
            rows={found.events}
            rowKey={(r) => r.eventId}
            empty=""
            columns={[
              { key: "event", header: c("event"), cell: (r) => mono(`/admin/webhooks/${encodeURIComponent(r.eventId)}`, r.eventId) },
              { key: "type", header: c("type"), cell: (r) => <span className="font-mono text-xs">{r.eventType}</span> },
              { key: "state", header: c("eventState"), cell: (r) => t(`admin.ops.webhooks.states.${r.state}`) },
            ]}
          />
        </Group>
      ) : null}
    </div>
  );
}

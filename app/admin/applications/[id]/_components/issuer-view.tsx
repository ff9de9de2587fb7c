import { Alert } from "@/components/ui/alert";
import { SummaryList } from "@/components/ui/summary-list";
import { issuerViewOf } from "@/lib/admin/case/load";
import type { Translate } from "@/lib/i18n/translate";

/** The issuer's view of the cardholder, fetched live; streamed in on its own, so a slow issuer delays nothing else. */
export async function IssuerView({ cardholderId, t }: { cardholderId: string | null; t: Translate }) {
  if (!cardholderId) return <p className="text-fg-muted">{t("admin.case.issuer.notSubmitted")}</p>;
  const view = await issuerViewOf(cardholderId);
  if (!view.ok) return <Alert tone="warning">{t("admin.case.issuer.unavailable")}</Alert>;
  const cards =
    view.cards.length === 0 ? (
      t("admin.case.issuer.noCards")
    ) : (
      <ul className="flex flex-col gap-1">
        {view.cards.map((c) => (
          <li key={c.id} className="font-mono text-sm">
            {c.maskedNumber
              ? t("admin.case.issuer.card", { number: c.maskedNumber, status: c.status })
              : t("admin.case.issuer.cardNoNumber", { id: c.id, status: c.status })}
          </li>
        ))}
      </ul>
    );
  return (
    <SummaryList
      rows={[
        { key: "status", label: t("admin.case.issuer.status"), value: <span className="font-mono">{view.status}</span> },
        { key: "kyc", label: t("admin.case.issuer.kycStatus"), value: <span className="font-mono">{view.kycStatus}</span> },
        { key: "cards", label: t("admin.case.issuer.cards"), value: cards },
      ]}
    />
  );
}

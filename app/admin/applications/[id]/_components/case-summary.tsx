import Link from "next/link";
import { SummaryList } from "@/components/ui/summary-list";
import type { CaseData } from "@/lib/admin/case/load";
import { referenceOf } from "@/lib/applications/reference";
import type { Translate } from "@/lib/i18n/translate";

/** Who applied, for which card, where it stands, what blocks it and what to do next. */
export function CaseSummary({
  data,
  productName,
  t,
  when,
}: {
  data: CaseData;
  productName: string;
  t: Translate;
  when: Intl.DateTimeFormat;
}) {
  const { app } = data;
  const failure = app.state === "failed" || app.state === "kyc_rejected";
  return (
    <SummaryList
      className="mt-3"
      rows={[
        { key: "applicant", label: t("admin.case.summary.applicant"), value: data.contact.name },
        { key: "reference", label: t("admin.case.summary.reference"), value: <span className="font-mono">{referenceOf(app.id)}</span> },
        {
          key: "merchantReference",
          label: t("admin.case.summary.merchantReference"),
          value: app.merchantReference ? (
            <span className="font-mono break-all" data-testid="case-merchant-reference">
              {app.merchantReference}
            </span>
          ) : null,
        },
        {
          key: "email",
          label: t("admin.case.summary.email"),
          value: (
            <>
              <span className="break-all">{data.contact.email}</span>
              {data.mailCount > 0 ? (
                <Link href={`/admin/mail?application=${app.id}`} className="mt-1 block text-sm" data-testid="case-mail">
                  {t("admin.search.links.mail", { count: data.mailCount })}
                </Link>
              ) : null}
            </>
          ),
        },
        { key: "product", label: t("admin.case.summary.product"), value: productName },
        { key: "state", label: t("admin.case.summary.state"), value: <strong>{t(`admin.states.${app.state}`)}</strong> },
        {
          key: "blocks",
          label: t("admin.case.summary.blocks"),
          value: (
            <>
              {t(`admin.case.blockers.${data.blocker}`)}
              {failure && app.failureCode ? (
                <span className="mt-1 block font-mono text-sm">{t("admin.case.summary.failure", { code: app.failureCode })}</span>
              ) : null}
            </>
          ),
        },
        { key: "next", label: t("admin.case.summary.next"), value: t(`admin.case.next.${data.blocker}`) },
        {
          key: "cardholder",
          label: t("admin.case.summary.cardholder"),
          value: app.cardholderId ? (
            <>
              <span className="font-mono text-sm">{app.cardholderId}</span>
              <Link href={`/admin/webhooks?cardholder=${encodeURIComponent(app.cardholderId)}`} className="mt-1 block text-sm">
                {t("admin.search.links.events")}
              </Link>
            </>
          ) : null,
        },
        {
          key: "card",
          label: t("admin.search.links.card"),
          value: app.cardId ? (
            <Link href={`/admin/cards/${encodeURIComponent(app.cardId)}`} className="font-mono text-sm" data-testid="case-card">
              {app.cardId}
            </Link>
          ) : null,
        },
        { key: "started", label: t("admin.case.summary.started"), value: when.format(app.createdAt) },
        { key: "submitted", label: t("admin.case.summary.submitted"), value: app.submittedAt ? when.format(app.submittedAt) : null },
        { key: "updated", label: t("admin.case.summary.updated"), value: when.format(app.updatedAt) },
      ]}
    />
  );
}

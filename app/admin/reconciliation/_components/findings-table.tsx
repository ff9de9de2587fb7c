import Link from "next/link";
import { ReconAction } from "@/app/admin/reconciliation/_components/recon-action";
import { DataTable, type Column } from "@/components/ui/data-table";
import { FIXABLE_KINDS, type ReconciliationFinding } from "@/lib/admin/ops/reconciliation";
import type { Locale } from "@/lib/i18n/config";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

const str = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));

/** A state code in words when the catalog knows it. */
function stateLabel(t: Translate, state: unknown): string {
  const key = `admin.states.${String(state)}`;
  const text = t(key as MessageKey);
  return text === key ? str(state) : text;
}

/** What a finding says, from its detail (statuses, states, card ids; never an identity value). */
function detailOf(t: Translate, f: ReconciliationFinding): string {
  const d = f.detail;
  if (f.kind === "unknown_cardholder") {
    return t("admin.recon.recon.detail.unknown", {
      status: str(d.issuer_status),
      kyc: str(d.issuer_kyc_status),
      product: str(d.product_id),
      cards: str(d.cards),
      email: str(d.email_masked),
    });
  }
  if (f.kind === "lagging_state") {
    const stored = d.stored_status ? `${str(d.stored_status)} / KYC ${str(d.stored_kyc_status)}` : t("admin.recon.recon.detail.notStored");
    return t("admin.recon.recon.detail.lagging", {
      state: stateLabel(t, d.portal_state),
      stored,
      issuer: `${str(d.issuer_status)} / KYC ${str(d.issuer_kyc_status)}`,
      expected: stateLabel(t, d.expected_state),
    });
  }
  if (f.kind === "missing_cardholder") {
    return t("admin.recon.recon.detail.missingCardholder", {
      state: stateLabel(t, d.portal_state),
      stored: d.stored_status ? str(d.stored_status) : t("admin.recon.recon.detail.notStored"),
      cards: str(d.cards),
    });
  }
  if (f.kind === "missing_card") return t("admin.recon.recon.detail.missingCard", { card: str(d.card_id) });
  return t("admin.recon.recon.detail.card", { card: str(d.card_id), status: str(d.card_status) });
}

type Props = { findings: ReconciliationFinding[]; t: Translate; locale: Locale; timeZone: string | null; canWork: boolean; empty: string };

/** The findings of one run: what, which application or cardholder, detail, and fixed or a fix button. */
export function FindingsTable({ findings, t, locale, timeZone, canWork, empty }: Props) {
  const when = staffTimeFormat(staffClockOf(locale, timeZone));
  const c = (key: "kind" | "application" | "cardholder" | "detail" | "status") => t(`admin.recon.recon.findings.${key}`);
  const columns: Column<ReconciliationFinding>[] = [
    { key: "kind", header: c("kind"), cell: (f) => t(`admin.recon.recon.kinds.${f.kind}`), className: "min-w-40" },
    {
      key: "application",
      header: c("application"),
      cell: (f) =>
        f.applicationId ? (
          <Link href={`/admin/applications/${f.applicationId}`} className="font-mono text-xs break-all">
            {f.applicationId}
          </Link>
        ) : (
          "—"
        ),
      className: "min-w-44",
    },
    {
      key: "cardholder",
      header: c("cardholder"),
      cell: (f) => <span className="font-mono text-xs break-all">{f.cardholderId}</span>,
      className: "min-w-44",
    },
    { key: "detail", header: c("detail"), cell: (f) => detailOf(t, f), className: "min-w-56" },
    {
      key: "status",
      header: c("status"),
      className: "min-w-36",
      cell: (f) => {
        if (f.fixedAt) {
          return (
            <span>
              {t("admin.recon.recon.findings.fixedBy", { who: f.fixedBy ?? "—" })}
              <br />
              <time dateTime={f.fixedAt.toISOString()} className="text-fg-muted">
                {when.format(f.fixedAt)}
              </time>
            </span>
          );
        }
        if (f.kind === "unknown_cardholder") return t("admin.recon.recon.findings.notFixable");
        if (!FIXABLE_KINDS.has(f.kind)) return t("admin.recon.recon.findings.askIssuer");
        return canWork ? (
          <ReconAction
            endpoint={`/api/admin/reconciliation/findings/${f.id}/fix`}
            kind="fix"
            label={t("admin.recon.recon.fix")}
            hiddenLabel={t("admin.recon.recon.fixLabel", { id: String(f.id) })}
          />
        ) : (
          t("admin.recon.recon.findings.open")
        );
      },
    },
  ];
  return (
    <DataTable
      caption={t("admin.recon.recon.findings.caption")}
      columns={columns}
      rows={findings}
      rowKey={(f) => String(f.id)}
      empty={empty}
    />
  );
}

import { Alert } from "@/components/ui/alert";
import { MAX_CARDHOLDERS_PER_RUN, type ReconciliationRun } from "@/lib/admin/ops/reconciliation";
import type { Translate } from "@/lib/i18n/translate";

type Props = { run: ReconciliationRun; t: Translate; numbers: Intl.NumberFormat };

/** Why a failed or partial run says less than a complete one: what failed, and how much was compared. */
export function RunNote({ run, t, numbers }: Props) {
  if (run.error) {
    return (
      <Alert tone="error">
        {t("admin.recon.recon.runFailed", { error: run.error.split("\n")[0] ?? "" })} {t("admin.recon.recon.failedNote")}
      </Alert>
    );
  }
  if (!run.partial) return null;
  // run.partial is "cap: ..." when the page cap stopped the read, else "page N: <error>" (lib/issuer/resources/cardholder-list.ts).
  const reason = run.partial.startsWith("cap:")
    ? t("admin.recon.recon.partialCap", { max: MAX_CARDHOLDERS_PER_RUN })
    : t("admin.recon.recon.partialPage", { error: run.partial });
  return (
    <Alert tone="warning">
      {t("admin.recon.recon.partialNote", {
        seen: numbers.format(run.cardholdersSeen),
        total: run.issuerTotal ?? run.cardholdersSeen,
        reason,
      })}
    </Alert>
  );
}

import type { ReceivedRequest } from "@/lib/events/sandbox-receiver/store";
import type { Translate } from "@/lib/i18n/translate";

// The verdicts of one received request as badges: the signature check, a repeated id, a 500 given on purpose.

const badge = "inline-flex items-center rounded-md border px-2 py-0.5 text-sm font-semibold";
const good = `${badge} border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100`;
const bad = `${badge} border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100`;
const note = `${badge} border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100`;

export function verificationText(t: Translate, request: ReceivedRequest): string {
  const v = request.verification;
  if (v.ok) return t(`sandboxEvents.verified.${v.secret}`);
  return t(`sandboxEvents.notVerified.${v.reason}`, { headers: v.missing.join(", ") });
}

export function RequestBadges({ t, request }: { t: Translate; request: ReceivedRequest }) {
  return (
    <div className="flex flex-wrap gap-2">
      <span className={request.verification.ok ? good : bad} data-testid="verification">
        {verificationText(t, request)}
      </span>
      {request.repeat ? (
        <span className={note} data-testid="repeat">
          {t("sandboxEvents.repeat")}
        </span>
      ) : null}
      {request.status === 500 ? (
        <span className={note} data-testid="failed-on-purpose">
          {t("sandboxEvents.failedOnPurpose")}
        </span>
      ) : null}
    </div>
  );
}

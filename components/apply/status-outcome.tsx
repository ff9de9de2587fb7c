"use client";

import Link from "next/link";
import { Fragment } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import type { OtherCard as OpenCard } from "@/lib/applications/product";
import type { ApplicationView } from "@/lib/applications/view";
import { listParts } from "@/lib/i18n/lists";
import type { MessageKey } from "@/lib/i18n/translate";

export type OtherCard = Pick<OpenCard, "id" | "name" | "needsKyc">;
export type Support = { url: string | undefined; email: string | undefined };
type Ending = Pick<ApplicationView, "stage" | "reference" | "failure">;

/** What happened, in plain words, by the reason the application stopped (lib/applications/outcomes.ts). */
const WHAT: Record<string, MessageKey> = {
  "status.failure.kycRejected": "applyReview.status.what.kycRejected",
  "status.failure.cardholderFailed": "applyReview.status.what.cardholderFailed",
  "status.failure.countryRestriction": "applyReview.status.what.countryRestriction",
  "status.failure.fieldsIncomplete": "applyReview.status.what.fieldsIncomplete",
  "status.failure.referenceExists": "applyReview.status.what.referenceExists",
};

/** The issued card's next step: the merchant's app when the portal knows it (MERCHANT_APP_URL). */
export function IssuedOutcome({ merchantAppUrl }: { merchantAppUrl: string | null }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success" title={t("apply.status.issuedHeading")}>
        <p>{merchantAppUrl ? t("applyReview.status.issuedNext") : t("applyReview.status.issuedNoLink")}</p>
      </Alert>
      {merchantAppUrl ? (
        <a href={merchantAppUrl} className={buttonClasses("primary", "lg", "self-start")}>
          {t("applyReview.status.issuedNextLink")}
        </a>
      ) : null}
    </div>
  );
}

/**
 * A rejection or failure: what happened, that the application is closed, and what the person can do: contact the
 * merchant with the reference, or apply for another card that can still work for them.
 */
export function EndedOutcome({ ending, otherCards, support }: { ending: Ending; otherCards: OtherCard[]; support?: Support }) {
  const { t, locale } = useI18n();
  const rejected = ending.stage === "rejected";
  const key = ending.failure?.messageKey ?? (rejected ? "status.failure.kycRejected" : "");
  // After a failed identity check only a card without one can help; after a country refusal any other card may.
  const cards = rejected ? otherCards.filter((c) => !c.needsKyc) : key === "status.failure.countryRestriction" ? otherCards : [];
  return (
    <Alert tone="error" title={rejected ? t("apply.status.rejectedHeading") : t("apply.status.failedHeading")}>
      <p>
        {t(WHAT[key] ?? "applyReview.status.what.other")} {t("applyReview.status.closed")}
      </p>
      <p className="mt-3 font-semibold">{t("apply.status.nextSteps")}</p>
      <ul className="list-disc pl-5">
        <li>
          {t("applyReview.status.contactMerchant", { reference: ending.reference })}
          {support?.email || support?.url ? (
            <>
              {" "}
              {t("applyReview.status.supportVia")} {support.email ? <a href={`mailto:${support.email}`}>{support.email}</a> : null}
              {support.email && support.url ? ", " : null}
              {support.url ? <a href={support.url}>{support.url}</a> : null}
            </>
          ) : null}
        </li>
        {cards.length > 0 ? (
          <li>
            {rejected ? t("applyReview.status.noCheckCards") : t("applyReview.status.otherCards")}{" "}
            {listParts(
              locale,
              cards.map((c) => c.name),
            ).map((part, i) =>
              part.kind === "text" ? (
                <Fragment key={i}>{part.text}</Fragment>
              ) : (
                <Link key={i} href={`/?product=${encodeURIComponent(cards[part.index]?.id ?? "")}`}>
                  {cards[part.index]?.name}
                </Link>
              ),
            )}
          </li>
        ) : rejected ? null : (
          <li>
            <Link href="/">{t("apply.status.startAgain")}</Link>
          </li>
        )}
      </ul>
    </Alert>
  );
}

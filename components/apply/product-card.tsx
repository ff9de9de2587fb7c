"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { Button } from "@/components/ui/button";
import { countryName } from "@/lib/i18n/countries";
import { formatList } from "@/lib/i18n/lists";

export type ProductCardData = {
  id: string;
  name: string;
  kycLevel: "Simplified" | "Standard" | "Enhanced";
  cardScheme: string;
  needsDocument: boolean;
  supportNationality: string[];
  sanctionedNationality: string[];
  supportBillingRegion: string[];
  supportAreaCode: string[];
};

const KYC_TEXT = {
  Simplified: "apply.home.kycSimplified",
  Standard: "apply.home.kycStandard",
  Enhanced: "apply.home.kycEnhanced",
} as const;
const REASON_TEXT = {
  nationality: "apply.home.reasonNationality",
  residence: "apply.home.reasonResidence",
  areaCode: "apply.home.reasonAreaCode",
} as const;

/** One product: what it needs, where it is open, and the button that starts an application. */
export function ProductCard({
  product,
  invited,
  email,
  invite,
  reasons,
  answers,
}: {
  product: ProductCardData;
  invited: boolean;
  /** An invitation's email address, carried into the new application's contact step. */
  email?: string;
  /** The invitation's sealed token: the server reads the merchant's reference from it, never from a plain field. */
  invite?: string;
  reasons?: Array<keyof typeof REASON_TEXT>;
  /** The eligibility check's answers, carried into the new application's form. */
  answers?: { nationality: string; residence: string; areaCode: string };
}) {
  const { t, locale } = useI18n();
  const headingId = `product-${product.id}`;
  const regions =
    product.supportNationality.length > 0
      ? formatList(
          locale,
          product.supportNationality.map((c) => countryName(c, locale)),
        )
      : product.sanctionedNationality.length > 0
        ? // "All nationalities" would list sanctioned ones as available: they are named as the exceptions.
          t("apply.home.regionsAllExcept", {
            list: formatList(
              locale,
              product.sanctionedNationality.map((c) => countryName(c, locale)),
            ),
          })
        : t("apply.home.regionsAll");

  const names = (codes: string[]) =>
    formatList(
      locale,
      codes.map((c) => countryName(c, locale)),
    );
  // Where the card's own rules limit the answers of later steps, it says so here, before anyone applies.
  const limits = [
    {
      key: "billing",
      label: t("apply.home.billingRegions"),
      value: product.supportBillingRegion.length > 0 ? names(product.supportBillingRegion) : null,
    },
    {
      key: "areaCodes",
      label: t("apply.home.areaCodes"),
      value: product.supportAreaCode.length > 0 ? product.supportAreaCode.join(", ") : null,
    },
  ];

  return (
    <article
      aria-labelledby={headingId}
      className={`flex h-full flex-col gap-3 rounded-card border bg-surface p-5 ${invited ? "border-brand border-2" : "border-border"}`}
    >
      {invited ? (
        <p className="self-start rounded-control bg-info-bg px-2 py-0.5 text-sm font-semibold text-info">{t("apply.home.invited")}</p>
      ) : null}
      <h3 id={headingId} className="text-xl font-semibold">
        {product.name}
      </h3>
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="font-semibold">{t("apply.home.kycLevel")}</dt>
          <dd className="text-fg-muted">{t(KYC_TEXT[product.kycLevel])}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t("apply.home.regions")}</dt>
          {/* The names are one table's, but the joining words ("and", "、") are the runtime's Intl.ListFormat: keep the
              server's text, as a text mismatch makes React discard and rebuild the page. */}
          <dd className="text-fg-muted" suppressHydrationWarning>
            {regions}
          </dd>
        </div>
        {limits.map((limit) =>
          limit.value ? (
            <div key={limit.key}>
              <dt className="font-semibold">{limit.label}</dt>
              <dd className="text-fg-muted" suppressHydrationWarning>
                {limit.value}
              </dd>
            </div>
          ) : null,
        )}
        <div>
          <dt className="font-semibold">{t("apply.home.scheme")}</dt>
          <dd className="text-fg-muted">{product.cardScheme}</dd>
        </div>
      </dl>
      <p className="text-sm">{product.needsDocument ? t("apply.home.needsDocument") : t("apply.home.noDocument")}</p>
      {reasons && reasons.length === 0 ? <p className="text-sm font-semibold text-success">✓ {t("apply.home.eligible")}</p> : null}
      {reasons && reasons.length > 0 ? (
        <p className="text-sm font-semibold text-danger">
          {t("apply.home.notEligible")}{" "}
          {formatList(
            locale,
            reasons.map((r) => t(REASON_TEXT[r])),
          )}
        </p>
      ) : null}
      {/* A plain form: it starts the application even before the page's JavaScript has loaded. */}
      <form method="post" action="/apply/start" className="mt-auto">
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="locale" value={locale} />
        {email ? <input type="hidden" name="email" value={email} /> : null}
        {invite ? <input type="hidden" name="invite" value={invite} /> : null}
        {answers
          ? Object.entries(answers).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))
          : null}
        <Button type="submit" className="w-full" disabled={reasons !== undefined && reasons.length > 0} aria-describedby={headingId}>
          {t("apply.home.apply")}
        </Button>
      </form>
    </article>
  );
}

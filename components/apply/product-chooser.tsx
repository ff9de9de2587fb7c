"use client";

import { useMemo, useState, useSyncExternalStore } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Select } from "@/components/ui/select";
import { COUNTRY_CODES } from "@/lib/countries";
import { callingCodeOptions, countrySelectOptions } from "@/lib/i18n/countries";
import { eligibilityReasons } from "@/lib/requirements/restrictions";
import { ProductCard, type ProductCardData } from "@/components/apply/product-card";
import { cn } from "@/lib/utils";

const noSubscription = () => () => undefined;

type Eligibility = { nationality: string; residence: string; areaCode: string };

/** The ENABLED products with an optional eligibility check; an invited product is shown first. */
export function ProductChooser({
  products,
  invited,
  email,
  invite,
}: {
  products: ProductCardData[];
  invited?: string;
  email?: string;
  /** The invitation's sealed token, sent back with the invited card only. */
  invite?: string;
}) {
  const { t, locale } = useI18n();
  const [answers, setAnswers] = useState<Eligibility>({ nationality: "", residence: "", areaCode: "" });
  // On a phone the check folds into one line, so the first card shows without scrolling; wide screens keep it open.
  const [open, setOpen] = useState(false);
  const countries = useMemo(() => countrySelectOptions(COUNTRY_CODES, locale), [locale]);
  const callingCodes = useMemo(() => callingCodeOptions(undefined, locale), [locale]);
  const ordered = invited ? [...products].sort((a, b) => Number(b.id === invited) - Number(a.id === invited)) : products;
  const set = (key: keyof Eligibility) => (event: React.ChangeEvent<HTMLSelectElement>) =>
    setAnswers({ ...answers, [key]: event.target.value });
  const checked = Boolean(answers.nationality || answers.residence || answers.areaCode);
  // The check needs JavaScript anyway, and its country names come from the runtime's ICU data (Node's differ from
  // browsers'): listed once hydrated only, since a mismatch makes React rebuild the page and lose a click on Apply.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      {/* The check comes first in the page's order (focus, reading), before any Apply: on a phone it is also first on
          screen; from lg up it sits in the side column. */}
      <section
        aria-labelledby="eligibility-heading"
        className="rounded-card border border-border bg-surface p-4 sm:p-5 lg:order-2 lg:self-start"
      >
        <h2 id="eligibility-heading" className="text-lg font-semibold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls="eligibility-panel"
            onClick={() => setOpen(!open)}
            className="flex w-full items-center justify-between gap-3 text-left lg:hidden"
          >
            {t("apply.home.eligibilityHeading")}
            <span aria-hidden="true" className={cn("transition-transform", open && "rotate-180")}>
              ▾
            </span>
          </button>
          <span className="hidden lg:inline">{t("apply.home.eligibilityHeading")}</span>
        </h2>
        <div id="eligibility-panel" className={cn(open ? "flex" : "hidden", "flex-col lg:flex")}>
          <p className="mt-1 text-sm text-fg-muted">{t("apply.home.eligibilityLead")}</p>
          <div className="mt-4 flex flex-col gap-4">
            <Select
              id="eligibility-nationality"
              label={t("apply.home.nationality")}
              options={hydrated ? countries : []}
              placeholder={t("apply.home.anyValue")}
              value={answers.nationality}
              onChange={set("nationality")}
            />
            <Select
              id="eligibility-residence"
              label={t("apply.home.residence")}
              options={hydrated ? countries : []}
              placeholder={t("apply.home.anyValue")}
              value={answers.residence}
              onChange={set("residence")}
              autoComplete="country"
            />
            <Select
              id="eligibility-area-code"
              label={t("apply.home.areaCode")}
              options={hydrated ? callingCodes : []}
              placeholder={t("apply.home.anyValue")}
              value={answers.areaCode}
              onChange={set("areaCode")}
            />
          </div>
        </div>
      </section>
      <section aria-labelledby="products-heading" className="lg:order-1">
        <h2 id="products-heading" className="text-2xl font-semibold">
          {t("apply.home.productsHeading")}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {ordered.map((product) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                invited={product.id === invited}
                email={email}
                invite={product.id === invited ? invite : undefined}
                reasons={checked ? eligibilityReasons(product, answers) : undefined}
                answers={checked ? answers : undefined}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

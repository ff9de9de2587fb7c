"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { Button } from "@/components/ui/button";
import { valueAt } from "@/lib/dotted-paths";
import { eligibilityReasons, type RestrictionLists } from "@/lib/requirements/restrictions";

export type CardRules = { id: string; name: string } & RestrictionLists;
export type EligibilityAnswers = { nationality: string; residence: string; areaCode: string };

const formId = (cardId: string) => `start-${cardId}`;

/** The three answers a card can refuse, as typed on this step or else as saved on an earlier one. */
export function eligibilityAnswersOf(values: unknown, saved: unknown): EligibilityAnswers {
  const pick = (path: string) => {
    const value = valueAt(values, path) ?? valueAt(saved, path);
    return typeof value === "string" ? value : "";
  };
  return { nationality: pick("nationality"), residence: pick("billing_address.country"), areaCode: pick("area_code") };
}

/** The cards among `cards` that would take these answers (the home page's check, the server's rules). */
export const acceptingCards = (cards: CardRules[], answers: EligibilityAnswers) =>
  cards.filter((card) => eligibilityReasons(card, answers).length === 0);

/**
 * After this card refused an answer: the other cards that accept the person's answers, each one button away,
 * the answers carried into the new application. Its buttons live inside the step's form, so they name their
 * own forms (`StartForms`, rendered outside it: forms cannot nest).
 */
export function AcceptingCards({ cards, answers }: { cards: CardRules[]; answers: EligibilityAnswers }) {
  const { t, locale } = useI18n();
  const accepting = acceptingCards(cards, answers);
  return (
    <section aria-labelledby="accepting-heading" className="rounded-card border border-border bg-surface p-5">
      <h2 id="accepting-heading" className="text-lg font-semibold">
        {t("apply.flow.acceptingHeading")}
      </h2>
      {accepting.length === 0 ? (
        <p className="mt-2">{t("apply.flow.acceptingNone")}</p>
      ) : (
        <>
          <p className="mt-2 text-fg-muted">{t("apply.flow.acceptingLead")}</p>
          <ul className="mt-4 flex flex-col gap-3">
            {accepting.map((card) => (
              <li key={card.id} className="flex flex-wrap items-center justify-between gap-3">
                <span id={`accepting-${card.id}`} className="font-semibold">
                  {card.name}
                </span>
                <input type="hidden" form={formId(card.id)} name="productId" value={card.id} />
                <input type="hidden" form={formId(card.id)} name="locale" value={locale} />
                {Object.entries(answers).map(([name, value]) =>
                  value ? <input key={name} type="hidden" form={formId(card.id)} name={name} value={value} /> : null,
                )}
                <Button type="submit" form={formId(card.id)} variant="secondary" aria-describedby={`accepting-${card.id}`}>
                  {t("apply.home.apply")}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The empty forms the buttons of `AcceptingCards` submit ("Apply for this card", as on the home page). */
export function StartForms({ cards }: { cards: CardRules[] }) {
  return cards.map((card) => <form key={card.id} id={formId(card.id)} method="post" action="/apply/start" hidden />);
}

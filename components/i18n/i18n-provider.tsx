"use client";

import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { createTranslator, type Translate } from "@/lib/i18n/translate";
import type { ClientCatalog } from "@/lib/i18n/client-catalog";

type TextOf = (key: string, fallback?: string) => string;
type I18nValue = { locale: Locale; t: Translate; textOf: TextOf; catalog: ClientCatalog };

const EMPTY: ClientCatalog = { messages: {}, texts: {} };

// Own keys only: a key such as "constructor" must not find Object.prototype's members.
function textsReader(texts: ClientCatalog["texts"]): TextOf {
  return (key, fallback) => (Object.hasOwn(texts, key) ? texts[key] : undefined) ?? fallback ?? key;
}

function valueOf(locale: Locale, catalog: ClientCatalog): I18nValue {
  return { locale, t: createTranslator(catalog.messages, locale), textOf: textsReader(catalog.texts), catalog };
}

const I18nContext = createContext<I18nValue>(valueOf(DEFAULT_LOCALE, EMPTY));

// One value per language (and staff flag): a refresh re-sends the catalog as a new object, and a new `t`
// would re-run every effect that depends on it (a step form would lose what was just typed).
const values = new Map<string, I18nValue>();

function stableValue(locale: Locale, catalog: ClientCatalog): I18nValue {
  const key = `${locale}:${catalog.messages.admin ? "staff" : "cardholder"}`;
  let value = values.get(key);
  if (!value) {
    value = valueOf(locale, catalog);
    values.set(key, value);
  }
  return value;
}

/**
 * Gives client components the visitor's language, chosen on the server, with only that language's
 * catalog (passed from the server rather than imported, so no other language reaches the browser).
 */
export function I18nProvider({ locale, catalog, children }: { locale: Locale; catalog: ClientCatalog; children: ReactNode }) {
  return <I18nContext.Provider value={stableValue(locale, catalog)}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  return useContext(I18nContext);
}

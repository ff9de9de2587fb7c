import "server-only";
import { catalogs } from "@/lib/i18n/catalogs";
import type { Locale } from "@/lib/i18n/config";
import { dynamicCatalogs, dynamicEn } from "@/lib/i18n/form-texts";
import type { Messages } from "@/lib/i18n/messages/en";

/** What the browser's translator holds: one language's messages and its data-borne texts (English filled in). */
export type ClientCatalog = { messages: Partial<Messages>; texts: Readonly<Record<string, string>> };

/**
 * The catalog sent to client components. Cardholder pages get no staff-area messages (`admin`), which
 * are most of the catalog; the staff area's layout sends them (withAdmin).
 */
export function clientCatalog(locale: Locale, withAdmin = false): ClientCatalog {
  // The emails' texts are rendered on the server only (lib/mail/templates), as is the API reference page (/docs/api):
  // never sent to a browser.
  const { admin, mail: _mail, apiReference: _apiReference, ...cardholder } = catalogs[locale];
  return { messages: withAdmin ? { ...cardholder, admin } : cardholder, texts: { ...dynamicEn, ...dynamicCatalogs[locale] } };
}

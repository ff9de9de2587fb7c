import { isApplicationId } from "@/lib/applications/application-id";
import { idPrefixOfReference } from "@/lib/applications/reference";
import { nationalNumbersOf } from "@/lib/requirements/phone";

// What the staff header's search box was given, read once (pure): the kind decides which index answers, and the
// results page says how the text was read. Ids first (their shapes are unambiguous), then digits, then words.

export type SearchTerm =
  | { kind: "application_id"; text: string }
  | { kind: "cardholder_id"; text: string }
  | { kind: "card_id"; text: string }
  | { kind: "event_id"; text: string }
  | { kind: "email"; text: string }
  | { kind: "last_four"; text: string }
  | { kind: "phone"; text: string; nationalNumbers: string[] }
  /** A short reference ("K7QF-2M9X"); letters and digits that could also be the start of a name. */
  | { kind: "reference"; text: string; prefix: string; seventh: string[] }
  | { kind: "name"; text: string }
  /** Not read from the text: what the search says when only a merchant's customer reference matched it. */
  | { kind: "merchant_reference"; text: string };

export type SearchKind = SearchTerm["kind"];

export const MAX_SEARCH_LENGTH = 200;

/** How the search box's text is read; undefined for an empty box. */
export function readSearchTerm(typed: string): SearchTerm | undefined {
  const text = typed.trim().slice(0, MAX_SEARCH_LENGTH);
  if (!text) return undefined;
  if (isApplicationId(text)) return { kind: "application_id", text };
  if (/^ch_[\w-]+$/.test(text)) return { kind: "cardholder_id", text };
  if (/^card_[\w-]+$/.test(text)) return { kind: "card_id", text };
  if (/^evt_[\w-]+$/.test(text)) return { kind: "event_id", text };
  if (text.includes("@")) return { kind: "email", text };
  // "•••• 4242" or "*4242" as a masked number is printed, or the four digits alone.
  const four = /^[*•xX\s]*(\d{4})$/.exec(text)?.[1];
  if (four) return { kind: "last_four", text: four };
  const nationalNumbers = nationalNumbersOf(text);
  if (nationalNumbers.length > 0) return { kind: "phone", text, nationalNumbers };
  const reference = idPrefixOfReference(text);
  if (reference) return { kind: "reference", text, ...reference };
  return { kind: "name", text };
}

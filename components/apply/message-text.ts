"use client";

import { useCallback } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { labelOf } from "@/components/apply/field-ids";
import { valueAt } from "@/lib/dotted-paths";
import { fieldMessage, type FieldMessage, type MessageField } from "@/lib/requirements/field-message";

/**
 * The text of a message key that arrived as data (a schema, the server, an upload): from the data-borne
 * catalogs, else the page catalog; a key neither knows reads as a general message, never as the key itself.
 */
export function useMessageText(): (key: string) => string {
  const { catalog, textOf } = useI18n();
  return useCallback(
    (key: string) => {
      if (Object.hasOwn(catalog.texts, key)) return textOf(key);
      const text = valueAt(catalog.messages, key);
      return typeof text === "string" ? text : textOf("errors.field.invalid");
    },
    [catalog, textOf],
  );
}

/** The message of an error on a plan field, naming the field ("Enter your first name") where the catalog can. */
export function useFieldMessage(): (field: MessageField, errorKey: string) => FieldMessage {
  const { catalog, textOf } = useI18n();
  return useCallback(
    (field: MessageField, errorKey: string) => {
      const lookup = (key: string) => (Object.hasOwn(catalog.texts, key) ? catalog.texts[key] : undefined);
      const label = labelOf(textOf, field);
      const message = fieldMessage(lookup, field, label, errorKey);
      if (message.named || lookup(errorKey) !== undefined) return message;
      // A page-catalog key (a photo's "choose first"): its own text, which says what to do.
      const text = valueAt(catalog.messages, errorKey);
      return { text: typeof text === "string" ? text : message.text, named: false };
    },
    [catalog, textOf],
  );
}

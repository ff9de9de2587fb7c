"use client";

import { useCallback } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { valueAt } from "@/lib/dotted-paths";

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

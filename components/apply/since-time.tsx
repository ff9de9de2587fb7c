"use client";

import { useSyncExternalStore } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { formatSince, readerLocale } from "@/lib/i18n/since";

const noSubscription = () => () => undefined;

/**
 * " (since 17:42)" in the reader's time zone: only the browser knows it, so the server's HTML leaves it out and it
 * appears once hydrated (never a time in the server's zone that then changes).
 */
export function SinceTime({ iso }: { iso: string }) {
  const { t, locale } = useI18n();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  const time = formatSince(new Date(iso), new Date(), readerLocale(locale, navigator.languages));
  return (
    <>
      {" "}
      <time dateTime={iso} data-testid="moved-since">
        {t("apply.moved.since", { time })}
      </time>
    </>
  );
}

"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, useSyncExternalStore, useTransition } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { prevalidate } from "@/lib/applications/prevalidate";
import type { ApplicationView } from "@/lib/applications/view";
import { callApi, isApiError } from "@/lib/client/api";
import { isRestrictionKey } from "@/lib/requirements/restrictions";

export type FieldLocation = { path: string; label: string; href: string };
type Problem = { label: string; message: string; href: string };
type Verdict = Pick<Awaited<ReturnType<typeof prevalidate>>, "valid" | "fields">;
/** Whole minutes of a 429's Retry-After (seconds), at least one. */
const minutesOf = (seconds: number | undefined) => (seconds && seconds > 0 ? Math.ceil(seconds / 60) : 1);

/** A check the portal answered but could not make lets the submit decide (it checks again); the rest stops here. */
function passOn(error: unknown): null {
  const stops =
    !isApiError(error) || ["NETWORK", "BAD_RESPONSE", "APPLICATION_ERASED", "APPLICATION_MOVED", "RATE_LIMITED"].includes(error.code);
  if (stops) throw error;
  return null;
}

// A review shown again by Back after "Confirm and apply" must not look live: the browser remembers for the tab that
// this application was sent (the server's page, fetched again, would send the person to its status).
const sentKey = (applicationId: string) => `sent:${applicationId}`;
const noSubscription = () => () => undefined;

/** Pre-validates with the issuer, then submits; problems link to the answer to change on its own page. */
export function ReviewSubmit({
  applicationId,
  needsKyc,
  locations,
}: {
  applicationId: string;
  needsKyc: boolean;
  locations: FieldLocation[];
}) {
  const { t, textOf } = useI18n();
  const router = useRouter();
  // Stays busy until the next page is shown (the application's pages have no loading screen).
  const [navigating, startNavigation] = useTransition();
  const [problems, setProblems] = useState<{ restricted: boolean; items: Problem[] } | null>(null);
  const [failed, setFailed] = useState(false);
  // Minutes to wait when the issuer calls of this application or network are used up (429 with Retry-After).
  const [limitedFor, setLimitedFor] = useState<number | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const sent = useSyncExternalStore(
    noSubscription,
    () => sessionStorage.getItem(sentKey(applicationId)) === "1",
    () => false,
  );
  useEffect(() => summary.current?.focus(), [problems]);

  function show(fields: Record<string, string>, restricted: boolean) {
    const items = Object.entries(fields).map(([path, key]) => {
      const where = locations.find((l) => l.path === path);
      return { label: where?.label ?? path, message: textOf(key), href: where?.href ?? "#" };
    });
    setProblems({ restricted, items });
  }

  // The issuer's check first: a refusal shows its problems and submits nothing.
  const sending = useMutation({
    mutationFn: async () => {
      const checked = await callApi<Verdict>(`/api/applications/${applicationId}/validate`, { json: {} }).catch(passOn);
      if (checked && !checked.valid) return checked;
      await callApi<{ application: ApplicationView }>(`/api/applications/${applicationId}/submit`, { json: {} });
      return checked;
    },
    onSuccess: (checked) => {
      if (checked && !checked.valid) return show(checked.fields, Object.values(checked.fields).some(isRestrictionKey));
      sessionStorage.setItem(sentKey(applicationId), "1");
      startNavigation(() => router.push(`/apply/${applicationId}/${needsKyc ? "verify" : "status"}`));
    },
    onError: (error) => {
      // Erased, or moved to another device: the page, rendered again, says so.
      if (isApiError(error, "APPLICATION_ERASED") || isApiError(error, "APPLICATION_MOVED")) return router.refresh();
      if (isApiError(error, "RATE_LIMITED")) return setLimitedFor(minutesOf(error.retryAfterSeconds));
      if (isApiError(error) && error.status === 422 && Object.keys(error.fields).length > 0)
        return show(error.fields, error.code === "COUNTRY_RESTRICTION");
      setFailed(true);
    },
  });
  const busy = sending.isPending || navigating;

  function submit() {
    setFailed(false);
    setLimitedFor(null);
    setProblems(null);
    sending.mutate();
  }

  if (sent && !busy)
    return (
      <Alert tone="success" title={t("apply.review.sentHeading")}>
        <p>{t("apply.review.sentLead")}</p>
        <Link href={`/apply/${applicationId}/status`} className="font-semibold">
          {t("apply.review.sentLink")}
        </Link>
      </Alert>
    );
  return (
    <div className="flex flex-col gap-4">
      {problems ? (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          aria-labelledby="review-problems"
          className="rounded-control border-4 border-danger p-4 focus:outline-none focus-visible:outline-3"
        >
          <h2 id="review-problems" className="text-lg font-semibold">
            {problems.restricted ? t("apply.review.restricted") : t("apply.review.problems")}
          </h2>
          <ul className="mt-2 list-disc pl-5">
            {problems.items.map((p) => (
              <li key={`${p.href}-${p.message}`}>
                <Link href={p.href} className="font-semibold text-danger">
                  {p.label}: {p.message}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {failed ? <Alert tone="error">{t("apply.review.submitFailed")}</Alert> : null}
      {limitedFor !== null ? <Alert tone="warning">{t("apply.review.limited", { minutes: limitedFor })}</Alert> : null}
      <p>{t("apply.review.declaration")}</p>
      <Button size="lg" onClick={submit} busy={busy} disabled={busy} className="self-start">
        {busy ? t("apply.review.submitting") : t("apply.review.submit")}
      </Button>
    </div>
  );
}

"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isRestrictionKey } from "@/lib/requirements/restrictions";

export type FieldLocation = { path: string; label: string; href: string };
type Problem = { label: string; message: string; href: string };
/** The portal's JSON routes take `application/json` only, even without answers to send. */
const JSON_POST = { method: "POST", headers: { "content-type": "application/json" }, body: "{}" };
type ApiError = { error?: { code?: string; fields?: Record<string, string> } };
/** Whole minutes of a 429's Retry-After (seconds), at least one. */
function minutesOf(response: Response): number {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
}

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
  const [sending, setSending] = useState(false);
  // Stays busy until the next page is shown (the application's pages have no loading screen).
  const [navigating, startNavigation] = useTransition();
  const busy = sending || navigating;
  const [problems, setProblems] = useState<{ restricted: boolean; items: Problem[] } | null>(null);
  const [failed, setFailed] = useState(false);
  // Minutes to wait when the issuer calls of this application or network are used up (429 with Retry-After).
  const [limitedFor, setLimitedFor] = useState<number | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => summary.current?.focus(), [problems]);

  function show(fields: Record<string, string>, restricted: boolean) {
    const items = Object.entries(fields).map(([path, key]) => {
      const where = locations.find((l) => l.path === path);
      return { label: where?.label ?? path, message: textOf(key), href: where?.href ?? "#" };
    });
    setProblems({ restricted, items });
  }

  async function submit() {
    setSending(true);
    setFailed(false);
    setLimitedFor(null);
    setProblems(null);
    try {
      const check = await fetch(`/api/applications/${applicationId}/validate`, JSON_POST);
      // Erased meanwhile: the page, rendered again, sends the person to the page that says so.
      if (check.status === 410) return router.refresh();
      if (check.status === 429) return setLimitedFor(minutesOf(check));
      const checked = (await check.json()) as { valid?: boolean; fields?: Record<string, string> } & ApiError;
      if (check.ok && checked.valid === false) {
        const restricted = Object.values(checked.fields ?? {}).some(isRestrictionKey);
        return show(checked.fields ?? {}, restricted);
      }
      const response = await fetch(`/api/applications/${applicationId}/submit`, JSON_POST);
      if (response.ok) return startNavigation(() => router.push(`/apply/${applicationId}/${needsKyc ? "verify" : "status"}`));
      const body = (await response.json().catch(() => ({}))) as ApiError;
      if (response.status === 422 && body.error?.fields) return show(body.error.fields, body.error.code === "COUNTRY_RESTRICTION");
      if (response.status === 429) return setLimitedFor(minutesOf(response));
      setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

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

"use client";

import type { ReactNode } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { CopyButton } from "@/components/ui/copy-button";
import { controlClasses } from "@/components/ui/field";
import { useStaffClock } from "@/components/admin/staff-clock";
import { formatStaffTime } from "@/lib/admin/clock";

type Props = { id: string; title: string; url: string; qr: string; expiresAt?: string; children?: ReactNode };

/**
 * A link just issued: read-only text to select, a copy button (and beside it what the caller adds, e.g. "Send to
 * applicant"), its QR code (drawn on the server) and its expiry.
 */
export function IssuedLink({ id, title, url, qr, expiresAt, children }: Props) {
  const { t } = useI18n();
  // In the staff member's zone, to the second like the timeline beside it: issued time + the link's life, zone named.
  const clock = useStaffClock();
  const when = expiresAt ? formatStaffTime(clock, expiresAt, "second") : null;
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-control border border-border bg-surface-muted p-4 md:flex-row md:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor={id} className="font-semibold">
          {title}
        </label>
        <input id={id} readOnly value={url} className={controlClasses(false)} onFocus={(e) => e.currentTarget.select()} />
        {when ? <p className="text-sm text-fg-muted">{t("admin.actions.expires", { when })}</p> : null}
        <div className="flex flex-wrap items-start gap-2">
          <CopyButton
            text={url}
            texts={{ copy: t("admin.actions.copy"), copied: t("admin.actions.copied"), copyFailed: t("admin.actions.copyFailed") }}
          />
          {children}
        </div>
      </div>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn on the server; nothing to optimise */}
      <img src={qr} alt={t("admin.actions.qrAlt")} width={160} height={160} className="size-40 shrink-0 rounded-control bg-surface" />
    </div>
  );
}

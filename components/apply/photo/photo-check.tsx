"use client";

import { useEffect, useId, useRef } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/components/ui/dropzone-rules";
import type { PhotoWarning } from "@/lib/client/photo/prepare-photo";
import type { Size } from "@/lib/client/photo/photo-limits";

type Props = { url: string; bytes: number; sent: Size; warnings: PhotoWarning[]; onUse: () => void; onRetake: () => void };

/** The photo as it will be sent, for a second look before it is uploaded: Use it, or Retake it. */
export function PhotoCheck({ url, bytes, sent, warnings, onUse, onRetake }: Props) {
  const { t, locale } = useI18n();
  const questionId = useId();
  const count = new Intl.NumberFormat(locale);
  const question = useRef<HTMLParagraphElement>(null);
  // The file chooser or camera has just closed: the question is what to read next.
  useEffect(() => question.current?.focus(), [url]);

  return (
    <div role="group" aria-labelledby={questionId} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <p id={questionId} ref={question} tabIndex={-1} className="text-lg font-semibold">
        {t("apply.photo.question")}
      </p>
      <p className="text-sm text-fg-muted">{t("apply.photo.questionHint")}</p>
      {/* A blob: URL of the JPEG made on this device; next/image has nothing to optimise here. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={url}
        alt={t("apply.photo.previewAlt")}
        className="max-h-96 w-auto max-w-full self-start rounded-control border border-border object-contain"
      />
      <p className="text-sm text-fg-muted">
        {t("apply.photo.ready", { size: formatBytes(bytes, locale), width: count.format(sent.width), height: count.format(sent.height) })}
      </p>
      {warnings.length > 0 ? (
        <Alert tone="warning">
          {warnings.map((w) => (
            <p key={w} className="mb-2">
              {t(w === "blurred" ? "apply.photo.blurred" : "apply.photo.screenshot")}
            </p>
          ))}
          <p>{t("apply.photo.stillUse")}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onUse}>{t("apply.photo.use")}</Button>
        <Button variant="secondary" onClick={onRetake}>
          {t("apply.photo.retake")}
        </Button>
      </div>
    </div>
  );
}

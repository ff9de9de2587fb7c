import { describeWebhookError } from "@/lib/admin/ops/webhook-error";
import type { Translate } from "@/lib/i18n/translate";

/** Why the processor could not apply (or ignored) an event, as a sentence; the raw error folded beneath it for whoever needs it. */
export function WebhookError({ raw, t, compact = false }: { raw: string; t: Translate; compact?: boolean }) {
  const view = describeWebhookError(raw);
  const sentence =
    view.kind === "fields"
      ? t("admin.ops.event.errors.fields", { fields: view.fields.join(", ") })
      : view.kind === "parkedOld"
        ? t("admin.ops.event.errors.parkedOld", { hours: view.hours })
        : view.kind === "unhandled"
          ? t("admin.ops.event.errors.unhandled", { type: view.type })
          : t(`admin.ops.event.errors.${view.kind}`);
  return (
    <div className={compact ? "w-64" : "max-w-prose"}>
      <p className="break-words">{sentence}</p>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-fg-muted">{t("admin.ops.event.errors.raw")}</summary>
        <pre className="mt-1 max-h-48 overflow-auto font-mono text-xs break-words whitespace-pre-wrap">{raw}</pre>
      </details>
    </div>
  );
}

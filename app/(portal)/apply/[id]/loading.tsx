import { getTranslator } from "@/lib/i18n/server";

// Shown while a page of the portal loads (e.g. between steps); announced politely to screen readers.
export default async function Loading() {
  const { t } = await getTranslator();
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 py-10 text-fg-muted">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" />
      {t("shell.loading")}
    </div>
  );
}

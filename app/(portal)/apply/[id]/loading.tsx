import { LoadingStatus } from "@/components/ui/loading-status";
import { getTranslator } from "@/lib/i18n/server";

// Shown while a page of the application loads (e.g. between steps), below the access check of the layout.
export default async function Loading() {
  const { t } = await getTranslator();
  return <LoadingStatus label={t("shell.loading")} className="py-10" />;
}

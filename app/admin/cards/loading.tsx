import { LoadingStatus } from "@/components/ui/loading-status";
import { getTranslator } from "@/lib/i18n/server";

// Shown while the page reads its data (below the access check the page itself makes).
export default async function Loading() {
  const { t } = await getTranslator();
  return <LoadingStatus label={t("admin.ops.loading")} className="py-10" />;
}

import { LoadingStatus } from "@/components/ui/loading-status";
import { getTranslator } from "@/lib/i18n/server";

// Shown while a page of the application loads (e.g. between steps), below the access check of the layout. It fills
// the screen, so that the footer starts below it: the page that replaces it would otherwise push a visible
// footer down (a layout shift of about 0.2, a tenth of a phone's Lighthouse score, when the fallback was painted).
export default async function Loading() {
  const { t } = await getTranslator();
  return <LoadingStatus label={t("shell.loading")} className="min-h-dvh items-start py-10" />;
}

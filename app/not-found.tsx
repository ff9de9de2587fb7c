import Link from "next/link";
import { PortalChrome } from "@/app/_components/portal-chrome";
import { getTranslator } from "@/lib/i18n/server";

export default async function NotFound() {
  const { t } = await getTranslator();
  return (
    <PortalChrome>
      <div className="max-w-prose">
        <h1 className="text-2xl font-bold">{t("errors.notFoundTitle")}</h1>
        <p className="mt-3">{t("errors.notFoundBody")}</p>
        <p className="mt-6">
          <Link href="/">{t("errors.backHome")}</Link>
        </p>
      </div>
    </PortalChrome>
  );
}

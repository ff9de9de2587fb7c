import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";

// A role without the right (HTTP 403): said plainly, with the way back.
export default async function Forbidden() {
  const { t } = await getTranslator();
  return (
    <div className="flex max-w-prose flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("admin.forbidden.heading")}</h1>
      <p>{t("admin.forbidden.body")}</p>
      <p>
        <Link href="/admin">{t("admin.forbidden.back")}</Link>
      </p>
    </div>
  );
}

import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";

// A resume link that was used, expired or belongs to a finished application (HTTP 404, one page frame).
export default async function ResumeLinkGone() {
  const { t } = await getTranslator();
  return (
    <div className="flex max-w-prose flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("apply.resumePage.goneHeading")}</h1>
      <p>{t("apply.resumePage.goneBody")}</p>
      <p>
        <Link href="/">{t("apply.resumePage.startNew")}</Link>
      </p>
    </div>
  );
}

import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";

// An application page opened without its binding (another browser, an old link): HTTP 404 inside the one page frame.
export default async function ApplicationNotHere() {
  const { t } = await getTranslator();
  return (
    <div className="flex max-w-prose flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("apply.missing.heading")}</h1>
      <p>{t("apply.missing.body")}</p>
      <p>{t("apply.missing.lost")}</p>
      <p>
        <Link href="/">{t("apply.resumePage.startNew")}</Link>
      </p>
    </div>
  );
}

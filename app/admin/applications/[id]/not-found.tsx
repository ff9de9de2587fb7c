import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";

// An unknown or malformed application id: a real 404, in the staff area's frame.
export default async function ApplicationNotFound() {
  const { t } = await getTranslator();
  return (
    <div className="flex max-w-prose flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("admin.case.notFound.heading")}</h1>
      <p>{t("admin.case.notFound.body")}</p>
      <p>
        <Link href="/admin/applications">{t("admin.case.back")}</Link>
      </p>
    </div>
  );
}

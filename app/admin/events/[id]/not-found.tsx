import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";

// An unknown or deleted endpoint: a real 404, in the staff area's frame.
export default async function EndpointNotFound() {
  const { t } = await getTranslator();
  return (
    <div className="flex max-w-prose flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("admin.eventEndpoints.notFound.heading")}</h1>
      <p>{t("admin.eventEndpoints.notFound.body")}</p>
      <p>
        <Link href="/admin/events">{t("admin.eventEndpoints.detail.back")}</Link>
      </p>
    </div>
  );
}

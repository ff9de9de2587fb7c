import type { Metadata } from "next";
import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("apply.erased.title"), robots: { index: false, follow: false } };
}

// /apply/erased - where the browser that held an application is sent once its data was erased: it says so and
// nothing more (no id, no date), so the page tells nobody else anything.
export default async function ApplicationErased() {
  const { t } = await getTranslator();
  return (
    <div className="flex max-w-prose flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("apply.erased.heading")}</h1>
      <p>{t("apply.erased.body")}</p>
      <p>{t("apply.erased.issuer")}</p>
      <p>
        <Link href="/">{t("apply.erased.startNew")}</Link>
      </p>
    </div>
  );
}

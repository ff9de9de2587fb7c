import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { landingPath, loadApplicationPage, movedHere, pageTitle } from "@/app/(portal)/apply/[id]/_lib/page-data";
import { MovedNotice } from "@/components/apply/moved-notice";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

// Shown only when the page stays (no redirect): where the application went, or not open here.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await pageTitle((await params).id, (await getTranslator()).t("apply.resumePage.title")) };
}

// /apply/[id] - sends the person to the form while a draft, to the status page after.
export default async function ApplicationLanding({ params }: Props) {
  const { id } = await params;
  const moved = await movedHere(id);
  if (moved) return <MovedNotice as="page" applicationId={id} {...moved} />;
  redirect(landingPath(await loadApplicationPage(id)));
}

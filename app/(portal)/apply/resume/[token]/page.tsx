import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { processDeps } from "@/lib/applications/deps";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { previewResume } from "@/lib/applications/access";
import { findProduct } from "@/lib/applications/product";
import { isPortalError } from "@/lib/errors";
import { getTranslator } from "@/lib/i18n/server";
import { hitClient, LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("apply.resumePage.title"), robots: { index: false, follow: false } };
}

// /apply/resume/[token] - "continue the application started on <date>?": opening the link binds nothing; the
// button posts to /apply/resume (same origin only), which binds this browser and closes the others.
export default async function ResumePage({ params }: Props) {
  const { token } = await params;
  const { t, dateLocale } = await getTranslator();
  const deps = await processDeps();
  const limited = await hitClient(LIMITS.resume, await headers());
  if (!limited.ok) {
    return (
      <div className="flex max-w-prose flex-col gap-6">
        <h1 className="text-3xl font-bold">{t("apply.resumePage.limitedHeading")}</h1>
        <p>{t("apply.resumePage.limitedBody", { minutes: Math.ceil(limited.retryAfterSeconds / 60) })}</p>
      </div>
    );
  }
  const preview = await previewResume(deps, token).catch((error: unknown) => {
    if (isPortalError(error, "NOT_FOUND")) notFound();
    throw error;
  });
  const product = await findProduct(deps, preview.productId).catch(() => undefined);
  const date = new Intl.DateTimeFormat(dateLocale, { dateStyle: "long", timeStyle: "short" }).format(preview.startedAt);
  return (
    <div className="flex max-w-prose flex-col gap-6">
      <h1 className="text-3xl font-bold">{t("apply.resumePage.heading")}</h1>
      <div className="flex flex-col gap-2 text-lg">
        <p>{t("apply.resumePage.startedOn", { date })}</p>
        {product ? <p>{t("apply.resumePage.card", { name: product.name })}</p> : null}
        <p>{preview.submitted ? t("apply.resumePage.submittedNote") : t("apply.resumePage.draftNote")}</p>
      </div>
      <Alert tone="info">{t("apply.resumePage.takeover")}</Alert>
      <form method="post" action="/apply/resume" className="flex flex-wrap items-center gap-4">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg">
          {t("apply.resumePage.continue")}
        </Button>
        <Link href="/" className={buttonClasses("secondary")}>
          {t("apply.resumePage.notMine")}
        </Link>
      </form>
    </div>
  );
}

import type { Metadata } from "next";
import { StatusTracker } from "@/components/apply/status-tracker";
import { statusHeadingKey } from "@/components/apply/status-heading";
import { loadApplicationPage, movedHere, pageTitle } from "@/app/(portal)/apply/[id]/_lib/page-data";
import { MovedNotice } from "@/components/apply/moved-notice";
import { processDeps } from "@/lib/applications/deps";
import { otherCards } from "@/lib/applications/product";
import { getEnv } from "@/lib/env";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ kyc?: string | string[] }> };

// The title follows the page's heading: the card, an ended application, or the application on its way (and, in a
// browser it moved away from, what that page says).
export async function generateMetadata({ params }: Pick<Props, "params">): Promise<Metadata> {
  const { id } = await params;
  const { t } = await getTranslator();
  const heading = (await movedHere(id)) ? "apply.status.heading" : statusHeadingKey((await loadApplicationPage(id)).view.stage);
  return { title: await pageTitle(id, t(heading)) };
}

// /apply/[id]/status - each stage of the application, followed live until a final state. The hosted identity
// check sends the person back here with ?kyc=<result>: until the issuer confirms it, the page says it is checking.
export default async function StatusPage({ params, searchParams }: Props) {
  const { id } = await params;
  const moved = await movedHere(id);
  if (moved) return <MovedNotice as="page" applicationId={id} {...moved} />;
  const page = await loadApplicationPage(id);
  const returnedFromCheck = (await searchParams).kyc !== undefined;
  const { view } = page;
  // Read now even while the check runs: the page turns to a rejection by itself, without a reload.
  const others = view.stage === "issued" ? [] : await otherCards(await processDeps(), view.productId);
  return (
    <div className="flex max-w-prose flex-col gap-6">
      <StatusTracker
        productName={page.product.name}
        otherCards={others}
        merchantAppUrl={getEnv().merchantAppUrl ?? null}
        support={getEnv().support}
        returnedFromCheck={returnedFromCheck}
        initial={{
          id: view.id,
          reference: view.reference,
          stage: view.stage,
          stoppedAt: view.stoppedAt,
          final: view.final,
          needsKyc: view.needsKyc,
          kyc: view.kyc,
          card: view.card,
          failure: view.failure,
          issuerRetrying: view.issuerRetrying,
        }}
      />
    </div>
  );
}

import type { Metadata } from "next";
import { QueryProvider } from "@/components/apply/query-provider";
import { StatusTracker } from "@/components/apply/status-tracker";
import { loadApplicationPage } from "@/app/(portal)/apply/[id]/_lib/page-data";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("apply.status.heading") };
}

// /apply/[id]/status - each stage of the application, followed live until a final state.
export default async function StatusPage({ params }: { params: Promise<{ id: string }> }) {
  const page = await loadApplicationPage((await params).id);
  const { t } = await getTranslator();
  const { view } = page;
  return (
    <div className="flex max-w-prose flex-col gap-6">
      <h1 className="text-3xl font-bold">{t("apply.status.heading")}</h1>
      <QueryProvider>
        <StatusTracker
          productName={page.product.name}
          initial={{
            id: view.id,
            stage: view.stage,
            stoppedAt: view.stoppedAt,
            final: view.final,
            needsKyc: view.needsKyc,
            kyc: view.kyc,
            card: view.card,
            failure: view.failure,
          }}
        />
      </QueryProvider>
    </div>
  );
}

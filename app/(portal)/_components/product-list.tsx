import Link from "next/link";
import { ProductChooser } from "@/components/apply/product-chooser";
import { Alert } from "@/components/ui/alert";
import { LoadingStatus } from "@/components/ui/loading-status";
import { listEnabledProducts } from "@/lib/applications/product";
import { getTranslator } from "@/lib/i18n/server";

/** The cards open for applications, streamed into the home page (the issuer may be slow; the page is not). */
export async function ProductList({ invited, email, invite }: { invited?: string; email?: string; invite?: string }) {
  const { t } = await getTranslator();
  const products = await listEnabledProducts().catch(() => undefined);
  if (products === undefined) {
    return (
      <Alert tone="error" title={t("apply.home.productsError")}>
        <Link href="/">{t("apply.home.retry")}</Link>
      </Alert>
    );
  }
  if (products.length === 0) return <Alert tone="info">{t("apply.home.productsEmpty")}</Alert>;
  return <ProductChooser products={products} invited={invited} email={email} invite={invite} />;
}

/**
 * What stands in the list's place while it loads: the chooser's own frame (the check, the heading, four card
 * outlines), so the list arriving pushes nothing on screen down (it did: CLS 0.29 on a phone, "How it works").
 */
export async function ProductListLoading() {
  const { t } = await getTranslator();
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="order-2 lg:order-1">
        <h2 className="text-2xl font-semibold">{t("apply.home.productsHeading")}</h2>
        <LoadingStatus label={t("apply.home.loadingProducts")} className="mt-4" />
        <ul aria-hidden="true" className="mt-4 grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((card) => (
            <li key={card} className="flex h-88 flex-col gap-3 rounded-card border border-border bg-surface p-5">
              <span className="h-7 w-3/4 rounded-control bg-surface-muted motion-safe:animate-pulse" />
              <span className="h-24 rounded-control bg-surface-muted motion-safe:animate-pulse" />
              <span className="mt-auto h-11 rounded-control bg-surface-muted motion-safe:animate-pulse" />
            </li>
          ))}
        </ul>
      </div>
      <div aria-hidden="true" className="order-1 h-15 rounded-card border border-border bg-surface lg:order-2 lg:h-96" />
    </div>
  );
}

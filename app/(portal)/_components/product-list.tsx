import Link from "next/link";
import { ProductChooser } from "@/components/apply/product-chooser";
import { Alert } from "@/components/ui/alert";
import { LoadingStatus } from "@/components/ui/loading-status";
import { listEnabledProducts } from "@/lib/applications/product";
import { getTranslator } from "@/lib/i18n/server";

/** The cards open for applications, streamed into the home page (the issuer may be slow; the page is not). */
export async function ProductList({ invited, email }: { invited?: string; email?: string }) {
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
  return <ProductChooser products={products} invited={invited} email={email} />;
}

/** What stands in the list's place while it loads. */
export async function ProductListLoading() {
  const { t } = await getTranslator();
  return <LoadingStatus label={t("apply.home.loadingProducts")} className="min-h-48" />;
}

import Link from "next/link";
import { ProductChooser } from "@/components/apply/product-chooser";
import { Alert } from "@/components/ui/alert";
import { listEnabledProducts } from "@/lib/applications/product";
import { getTranslator } from "@/lib/i18n/server";

/** The cards open for applications, streamed into the home page (the issuer may be slow; the page is not). */
export async function ProductList({ invited }: { invited?: string }) {
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
  return <ProductChooser products={products} invited={invited} />;
}

/** What stands in the list's place while it loads: said politely to screen readers. */
export async function ProductListLoading() {
  const { t } = await getTranslator();
  return (
    <div role="status" aria-live="polite" className="flex min-h-48 items-center gap-3 text-fg-muted">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" />
      {t("apply.home.loadingProducts")}
    </div>
  );
}

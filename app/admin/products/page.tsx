import type { Metadata } from "next";
import Link from "next/link";
import { FieldTree, StepPreview } from "@/app/admin/products/_components/product-fields";
import { CopyLink } from "@/app/admin/products/_components/copy-link";
import { Alert } from "@/components/ui/alert";
import { SummaryList } from "@/components/ui/summary-list";
import { loadCatalog, type CatalogProduct } from "@/lib/admin/ops/products";
import { can } from "@/lib/auth/roles";
import { requireStaffPage } from "@/lib/auth/current-staff";
import type { Locale } from "@/lib/i18n/config";
import { getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.recon.products.title") };
}

const list = (t: Translate, values: string[], empty: "any" | "none") =>
  values.length > 0 ? values.join(", ") : t(`admin.recon.products.restrictions.${empty}`);

function ProductSection({ product, t, locale, canInvite }: { product: CatalogProduct; t: Translate; locale: Locale; canInvite: boolean }) {
  const p = (key: Parameters<typeof t>[0]) => t(key);
  const money = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);
  const headingId = `product-${product.id}`;
  return (
    <details className="group rounded-card border border-border bg-surface">
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 p-4 font-semibold">
        <span aria-hidden="true" className="inline-block text-sm transition-transform group-open:rotate-90">
          ▶
        </span>
        <h2 id={headingId} className="text-lg font-semibold">
          {product.name}
        </h2>
        <code className="font-mono text-sm font-normal text-fg-muted">{product.id}</code>
        <span className="text-sm font-normal">{product.status}</span>
      </summary>
      <section aria-labelledby={headingId} className="grid gap-6 border-t border-border p-4 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <SummaryList
            rows={[
              { key: "status", label: p("admin.recon.products.status"), value: product.status },
              { key: "kyc", label: p("admin.recon.products.kycLevel"), value: product.kycLevel },
              {
                key: "flow",
                label: p("admin.recon.products.kycFlow"),
                value: product.needsKyc ? p("admin.recon.products.kycYes") : p("admin.recon.products.kycNo"),
              },
              { key: "scheme", label: p("admin.recon.products.scheme"), value: product.cardScheme },
              { key: "country", label: p("admin.recon.products.country"), value: product.country },
              { key: "open", label: p("admin.recon.products.minOpen"), value: money(product.minOpenCardAmount) },
              { key: "recharge", label: p("admin.recon.products.minRecharge"), value: money(product.minRechargeAmount) },
              {
                key: "limit",
                label: p("admin.recon.products.cardLimit"),
                value: product.maxCardsPerCardholder === null ? p("admin.recon.products.noLimit") : String(product.maxCardsPerCardholder),
              },
            ]}
          />
          <div>
            <h3 className="text-lg font-semibold">{p("admin.recon.products.restrictions.heading")}</h3>
            <SummaryList
              className="mt-2"
              rows={[
                {
                  key: "billing",
                  label: p("admin.recon.products.restrictions.billing"),
                  value: list(t, product.supportBillingRegion, "any"),
                },
                {
                  key: "nationality",
                  label: p("admin.recon.products.restrictions.nationality"),
                  value: list(t, product.supportNationality, "any"),
                },
                {
                  key: "sanctioned",
                  label: p("admin.recon.products.restrictions.sanctioned"),
                  value: list(t, product.sanctionedNationality, "none"),
                },
                { key: "area", label: p("admin.recon.products.restrictions.areaCode"), value: list(t, product.supportAreaCode, "any") },
              ]}
            />
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="text-lg font-semibold">{p("admin.recon.products.invite.heading")}</h3>
            {product.status !== "ENABLED" ? <Alert tone="warning">{p("admin.recon.products.invite.disabled")}</Alert> : null}
            <CopyLink
              url={product.inviteUrl}
              texts={{
                label: t("admin.recon.products.invite.label", { name: product.name }),
                copy: p("admin.recon.products.invite.copy"),
                copied: p("admin.recon.products.invite.copied"),
                copyFailed: p("admin.recon.products.invite.copyFailed"),
              }}
            />
            {canInvite ? <Link href="/admin/invite">{p("admin.recon.products.invite.agent")}</Link> : null}
          </div>
        </div>
        <div className="flex flex-col gap-6">
          <div>
            <h3 className="text-lg font-semibold">{p("admin.recon.products.fields.heading")}</h3>
            <p className="mb-2 text-sm text-fg-muted">{p("admin.recon.products.fields.lead")}</p>
            <FieldTree nodes={product.fields} t={t} />
          </div>
          <div>
            <h3 className="text-lg font-semibold">{p("admin.recon.products.steps.heading")}</h3>
            <p className="mb-2 text-sm text-fg-muted">{p("admin.recon.products.steps.lead")}</p>
            <StepPreview product={product} t={t} locale={locale} />
          </div>
        </div>
      </section>
    </details>
  );
}

// /admin/products - every role: the issuer's catalog, each card's fields, restrictions, steps and invite link.
export default async function ProductsPage() {
  const staff = await requireStaffPage("read");
  const { t, locale } = await getTranslator();
  const catalog = await loadCatalog();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.recon.products.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.recon.products.lead")}</p>
      </div>
      {catalog === null ? (
        <Alert tone="error">{t("admin.recon.products.unavailable")}</Alert>
      ) : catalog.length === 0 ? (
        <p>{t("admin.recon.products.empty")}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {catalog.map((product) => (
            <ProductSection key={product.id} product={product} t={t} locale={locale} canInvite={can(staff.role, "work")} />
          ))}
        </div>
      )}
    </div>
  );
}

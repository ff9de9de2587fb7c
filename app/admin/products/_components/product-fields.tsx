import type { CatalogProduct, FieldNode } from "@/lib/admin/ops/products";
import type { Locale } from "@/lib/i18n/config";
import { translateKey } from "@/lib/i18n/form-texts";
import type { Translate } from "@/lib/i18n/translate";
import { labelOf } from "@/components/apply/field-ids";

const tagClasses = (required: boolean) =>
  required
    ? "rounded-full bg-fg px-2 py-0.5 text-xs font-semibold text-surface"
    : "rounded-full border border-border-strong px-2 py-0.5 text-xs font-semibold";

/** The issuer's field descriptors as a nested list: name, type, required or optional. */
export function FieldTree({ nodes, t }: { nodes: FieldNode[]; t: Translate }) {
  return (
    <ul className="flex flex-col gap-1 border-l-2 border-border pl-4">
      {nodes.map((n) => (
        <li key={n.name}>
          <span className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-sm">{n.name}</code>
            <span className="text-sm text-fg-muted">{n.type}</span>
            <span className={tagClasses(n.required)}>
              {n.required ? t("admin.recon.products.fields.required") : t("admin.recon.products.fields.optional")}
            </span>
          </span>
          {n.children.length > 0 ? (
            <div className="mt-1">
              <FieldTree nodes={n.children} t={t} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The steps of the applicant's form for this card, with their questions (read-only). */
export function StepPreview({ product, t, locale }: { product: CatalogProduct; t: Translate; locale: Locale }) {
  const s = (key: "required" | "optional" | "conditional") => t(`admin.recon.products.steps.${key}`);
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex list-decimal flex-col gap-3 pl-6">
        {product.steps.map((step) => (
          <li key={step.id}>
            <p className="font-semibold">{t(`apply.steps.${step.id}`)}</p>
            {step.questions.length === 0 ? (
              <p className="text-sm text-fg-muted">{t("admin.recon.products.steps.none")}</p>
            ) : (
              <ul className="mt-1 flex flex-col gap-0.5 text-sm">
                {step.questions.map((q) => (
                  <li key={q.path}>
                    {labelOf((k, fb) => translateKey(locale, k, fb), q)} <span className="text-fg-muted">({s(q.need)})</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <p className="text-sm">{t("admin.recon.products.steps.review")}</p>
    </div>
  );
}

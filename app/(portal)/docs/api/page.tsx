import type { Metadata } from "next";
import { OperationView, type OperationLabels } from "@/components/api-reference/operation-view";
import { InlineText } from "@/components/api-reference/inline-text";
import { SchemaView, schemaAnchor } from "@/components/api-reference/schema-view";
import { Card } from "@/components/ui/card";
import { getTranslator } from "@/lib/i18n/server";
import { namedSchemas, referenceSections, securitySchemes } from "@/lib/openapi/reference-model";
import { portalDocument } from "@/lib/openapi/served";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("apiReference.title") };
}

// /docs/api - the OpenAPI document as a page, rendered on the server with the portal's own components: no script of
// its own, nothing from elsewhere (the CSP allows no CDN, and the cardholder pages' bundles stay as they are).
export default async function ApiReference() {
  const { t } = await getTranslator();
  const document = portalDocument();
  const sections = referenceSections(document);
  const schemes = securitySchemes(document);
  const labels: OperationLabels = {
    access: t("apiReference.access"),
    accessNone: t("apiReference.accessNone"),
    parameters: t("apiReference.parameters"),
    body: t("apiReference.body"),
    answers: t("apiReference.answers"),
    errorAnswers: (statuses) => t("apiReference.errorAnswers", { statuses }),
    required: t("apiReference.required"),
    optional: t("apiReference.optional"),
    oneOf: t("apiReference.oneOf"),
    arrayOf: t("apiReference.arrayOf"),
    anyValue: t("apiReference.anyValue"),
    values: t("apiReference.values"),
    schemes: {
      applicantBinding: t("apiReference.schemeApplicant"),
      staffSession: t("apiReference.schemeStaff"),
      merchantKey: t("apiReference.schemeMerchant"),
    },
  };
  const h2 = "mt-10 text-2xl font-semibold";
  return (
    <article className="min-w-0">
      <h1 className="text-3xl font-bold">{t("apiReference.heading")}</h1>
      <p className="mt-2 max-w-prose text-lg text-fg-muted">{t("apiReference.lead")}</p>
      <p className="mt-3">
        <a href="/api/openapi.json">{t("apiReference.download")}</a>{" "}
        <span className="text-sm text-fg-muted">
          OpenAPI {document.openapi} · {document.info.title} {document.info.version}
        </span>
      </p>
      <nav aria-labelledby="api-contents" className="mt-6">
        <h2 id="api-contents" className="text-xl font-semibold">
          {t("apiReference.contents")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {sections.map((s) => (
            <li key={s.anchor}>
              <a href={`#${s.anchor}`}>{s.tag}</a> <span className="text-sm text-fg-muted">({s.operations.length})</span>
            </li>
          ))}
          <li>
            <a href="#schemas">{t("apiReference.schemasHeading")}</a>
          </li>
        </ul>
      </nav>
      <h2 className={h2}>{t("apiReference.authHeading")}</h2>
      <dl className="mt-2 max-w-prose space-y-3">
        {schemes.map((s) => (
          <div key={s.key}>
            <dt className="font-semibold">{labels.schemes[s.key] ?? s.key}</dt>
            <dd className="text-sm">
              <code className="break-all font-mono">{s.name}</code> ({s.in}) <InlineText text={s.description ?? ""} />
            </dd>
          </div>
        ))}
      </dl>
      <h2 className={h2}>{t("apiReference.errorsHeading")}</h2>
      <p className="mt-2 max-w-prose break-words">{t("apiReference.errors")}</p>
      {sections.map((s) => (
        <section key={s.anchor} aria-labelledby={s.anchor}>
          <h2 id={s.anchor} className={h2}>
            {s.tag}
          </h2>
          {s.description && <p className="mt-1 text-fg-muted">{s.description}</p>}
          <div className="mt-4 flex flex-col gap-4">
            {s.operations.map((op) => (
              <OperationView key={op.anchor} op={op} labels={labels} />
            ))}
          </div>
        </section>
      ))}
      <section aria-labelledby="schemas">
        <h2 id="schemas" className={h2}>
          {t("apiReference.schemasHeading")}
        </h2>
        <div className="mt-4 flex flex-col gap-4">
          {namedSchemas(document).map(([name, schema]) => (
            <Card key={name} id={schemaAnchor(name)} aria-labelledby={`${schemaAnchor(name)}-title`}>
              <h3 id={`${schemaAnchor(name)}-title`} className="font-mono text-lg font-semibold">
                {name}
              </h3>
              <div className="mt-2">
                <SchemaView schema={schema} labels={labels} />
              </div>
            </Card>
          ))}
        </div>
      </section>
    </article>
  );
}

import { InlineText } from "@/components/api-reference/inline-text";
import { SchemaView, type SchemaLabels } from "@/components/api-reference/schema-view";
import { Card } from "@/components/ui/card";
import type { Media, ReferenceOperation } from "@/lib/openapi/reference-model";

// One operation of the API reference: method and path, what it does, who may call it, its inputs and its answers.

export type OperationLabels = SchemaLabels & {
  access: string;
  accessNone: string;
  parameters: string;
  body: string;
  answers: string;
  errorAnswers: (statuses: string) => string;
  schemes: Record<string, string>;
};

function MediaList({ media, labels }: { media: Media[]; labels: OperationLabels }) {
  return (
    <>
      {media.map((m) => (
        <div key={m.type} className="mt-2">
          <code className="font-mono text-xs text-fg-muted">{m.type}</code>
          {m.schema && (
            <div className="mt-1">
              <SchemaView schema={m.schema} labels={labels} />
            </div>
          )}
        </div>
      ))}
    </>
  );
}

export function OperationView({ op, labels }: { op: ReferenceOperation; labels: OperationLabels }) {
  const subheading = "mt-4 font-semibold";
  // The error answers all have the Error schema: listed by status, folded away so the page stays readable.
  const done = op.answers.filter((a) => a.status.startsWith("2"));
  const refused = op.answers.filter((a) => !a.status.startsWith("2"));
  return (
    <Card id={op.anchor} aria-labelledby={`${op.anchor}-title`} className="scroll-mt-4">
      <h3 id={`${op.anchor}-title`} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <span className={`rounded-control bg-surface-muted px-2 py-0.5 font-mono text-sm ${op.method === "DELETE" ? "text-danger" : ""}`}>
          {op.method}
        </span>
        <code className="break-all font-mono text-base">{op.path}</code>
      </h3>
      <p className="mt-2">{op.summary}</p>
      {op.description && (
        <p className="mt-1 text-sm text-fg-muted">
          <InlineText text={op.description} />
        </p>
      )}
      <p className="mt-2 text-sm">
        <span className="font-semibold">{labels.access}</span>{" "}
        {op.security.length ? op.security.map((s) => labels.schemes[s] ?? s).join(", ") : labels.accessNone}
      </p>
      {op.parameters.length > 0 && (
        <>
          <h4 className={subheading}>{labels.parameters}</h4>
          <ul className="mt-2 space-y-2">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`} className="text-sm">
                <code className="break-all font-mono font-semibold">{p.name}</code>{" "}
                <span className="text-xs text-fg-muted">
                  {p.in}, {p.required ? labels.required : labels.optional}
                </span>
                {p.schema && <SchemaView schema={{ ...p.schema, description: p.description ?? p.schema.description }} labels={labels} />}
              </li>
            ))}
          </ul>
        </>
      )}
      {op.body && (
        <>
          <h4 className={subheading}>{labels.body}</h4>
          <MediaList media={op.body} labels={labels} />
        </>
      )}
      <h4 className={subheading}>{labels.answers}</h4>
      <ul className="mt-2 space-y-2">
        {done.map((a) => (
          <li key={a.status} className="text-sm">
            <span className="font-mono font-semibold">{a.status}</span> <InlineText text={a.description} />
            <MediaList media={a.media} labels={labels} />
          </li>
        ))}
      </ul>
      {refused.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer">{labels.errorAnswers(refused.map((a) => a.status).join(", "))}</summary>
          <ul className="mt-2 space-y-2">
            {refused.map((a) => (
              <li key={a.status}>
                <span className="font-mono font-semibold">{a.status}</span>{" "}
                <span className="break-words">
                  <InlineText text={a.description} />
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}

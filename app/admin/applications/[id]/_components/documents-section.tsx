import { DocumentPreview } from "@/app/admin/applications/[id]/_components/document-preview";
import { DataTable } from "@/components/ui/data-table";
import type { CaseData } from "@/lib/admin/case/load";
import { formatSize } from "@/lib/applications/answers";
import type { Locale } from "@/lib/i18n/config";
import { translateKey } from "@/lib/i18n/form-texts";
import type { Translate } from "@/lib/i18n/translate";

type Doc = CaseData["documents"][number];

/** The documents the application holds; agents and admins preview them, viewers see only that they exist. */
export function DocumentsSection({ data, canPreview, t, locale }: { data: CaseData; canPreview: boolean; t: Translate; locale: Locale }) {
  const fields = (data.answers.steps ?? []).flatMap((s) => s.fields);
  const labelOf = (d: Doc) => {
    const field = fields.find((f) => f.path === d.field);
    return field ? translateKey(locale, field.labelKey, field.fallbackLabel) : (d.field ?? d.fileId);
  };
  const columns = [
    { key: "field", header: t("admin.case.documents.field"), cell: (d: Doc) => labelOf(d) },
    { key: "file", header: t("admin.case.documents.file"), cell: (d: Doc) => <span className="break-all">{d.fileName}</span> },
    { key: "size", header: t("admin.case.documents.size"), cell: (d: Doc) => formatSize(d.size), className: "whitespace-nowrap" },
    ...(canPreview
      ? [
          {
            key: "preview",
            header: t("admin.case.documents.preview"),
            cell: (d: Doc) => (
              <DocumentPreview
                src={`/api/admin/applications/${data.app.id}/documents/${d.fileId}`}
                isPdf={d.fileType === "application/pdf"}
                texts={{
                  show: t("admin.case.documents.show", { label: labelOf(d) }),
                  open: t("admin.case.documents.open", { label: labelOf(d) }),
                  hide: t("admin.case.documents.hide"),
                  alt: t("admin.case.documents.alt", { label: labelOf(d) }),
                }}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-3">
      <DataTable
        caption={t("admin.case.documents.caption")}
        columns={columns}
        rows={data.documents}
        rowKey={(d) => d.fileId}
        empty={t("admin.case.documents.none")}
      />
      {!canPreview && data.documents.length > 0 ? <p className="text-sm text-fg-muted">{t("admin.case.documents.viewersNote")}</p> : null}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { dayErrorTexts } from "@/app/admin/_lib/filter-errors";
import { AuditFilters } from "@/app/admin/audit/_components/audit-filters";
import { buttonClasses } from "@/components/ui/button";
import { DataTable, type Column } from "@/components/ui/data-table";
import { AUDIT_ACTIONS } from "@/lib/audit/record";
import { auditPage, auditParamsSchema, auditStaffOptions, type AuditParams, type AuditRow } from "@/lib/admin/audit/log";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { can } from "@/lib/auth/roles";
import { AuditDetail } from "@/app/admin/audit/_components/audit-detail";
import { getTranslator } from "@/lib/i18n/server";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.staffArea.audit.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The URL of this view with some parameters changed (undefined removes one); paging starts again. */
function hrefOf(base: string, params: AuditParams, change: Partial<Record<keyof AuditParams, string | undefined>> = {}): string {
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...params, before: undefined, ...change })) if (v) next.set(k, String(v));
  const query = next.toString();
  return `${base}${query ? `?${query}` : ""}`;
}

/** An action in words; an action added after these texts shows as its code. */
function actionLabel(t: Translate, action: string): string {
  const key = `admin.staffArea.audit.actions.${action}`;
  const text = t(key as MessageKey);
  return text === key ? action : text;
}

// /admin/audit - every role: the audit log, newest first, filters in the URL, keyset pages, CSV export.
// Viewers see it too: it holds no identity value (typed search text is masked), only who did what and when.
export default async function AuditPage({ searchParams }: Props) {
  const me = await requireStaffPage("read");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const params = auditParamsSchema.parse(raw);
  const { t, locale } = await getTranslator();
  const [page, staff] = await Promise.all([auditPage(params, me.timeZone ?? undefined), auditStaffOptions()]);
  const when = staffTimeFormat(staffClockOf(locale, me.timeZone), "second");
  const a = (key: "action" | "anyAction" | "staff" | "anyStaff" | "application" | "applicationHint" | "from" | "to" | "apply" | "clear") =>
    t(`admin.staffArea.audit.${key}`);
  const col = (key: "at" | "staff" | "action" | "application" | "target" | "detail" | "ip") => t(`admin.staffArea.audit.columns.${key}`);
  const columns: Column<AuditRow>[] = [
    {
      key: "at",
      header: col("at"),
      cell: (r) => <time dateTime={r.at}>{when.format(new Date(r.at))}</time>,
      className: "whitespace-nowrap",
    },
    { key: "staff", header: col("staff"), cell: (r) => <span className="break-all">{r.staffEmail}</span>, className: "min-w-44" },
    { key: "action", header: col("action"), cell: (r) => actionLabel(t, r.action), className: "min-w-36" },
    {
      key: "application",
      header: col("application"),
      cell: (r) =>
        r.applicationId ? (
          <Link href={`/admin/applications/${r.applicationId}`} className="font-mono text-xs break-all">
            {r.applicationId}
          </Link>
        ) : null,
    },
    { key: "target", header: col("target"), cell: (r) => <span className="break-all">{r.target}</span>, className: "min-w-44" },
    {
      key: "detail",
      header: col("detail"),
      cell: (r) => <AuditDetail parts={r.parts} t={t} />,
      className: "min-w-40",
    },
    { key: "ip", header: col("ip"), cell: (r) => <span className="font-mono text-xs">{r.ip}</span>, className: "whitespace-nowrap" },
  ];
  const here = hrefOf("/admin/audit", params);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.staffArea.audit.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.staffArea.audit.lead")}</p>
      </div>
      <AuditFilters
        values={params}
        errors={dayErrorTexts(raw, locale)}
        actions={AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(t, value) }))}
        staff={staff}
        texts={{
          action: a("action"),
          anyAction: a("anyAction"),
          staff: a("staff"),
          anyStaff: a("anyStaff"),
          application: a("application"),
          applicationHint: a("applicationHint"),
          from: a("from"),
          to: a("to"),
          days: t("admin.clock.daysIn", { zone: staffClockOf(locale, me.timeZone).timeZone }),
          apply: a("apply"),
          clear: a("clear"),
        }}
      />
      <DataTable
        caption={t("admin.staffArea.audit.caption")}
        columns={columns}
        rows={page.rows}
        rowKey={(r) => String(r.id)}
        empty={t(
          [params.action, params.staff, params.application, params.from, params.to].some(Boolean)
            ? "admin.staffArea.audit.empty"
            : "admin.staffArea.audit.emptyNone",
        )}
      />
      <div className="flex flex-wrap items-center gap-3">
        {params.before ? (
          <Link href={here} className={buttonClasses("secondary")}>
            {t("admin.staffArea.audit.first")}
          </Link>
        ) : null}
        {page.next ? (
          <Link href={hrefOf("/admin/audit", params, { before: String(page.next) })} className={buttonClasses("secondary")}>
            {t("admin.staffArea.audit.next")}
          </Link>
        ) : null}
        {page.rows.length > 0 && can(me.role, "export") ? (
          <span className="ml-auto flex flex-col items-end">
            <a href={hrefOf("/api/admin/audit/export", params)} download>
              {t("admin.staffArea.audit.export")}
            </a>
            <span className="text-sm text-fg-muted">{t("admin.staffArea.audit.exportNote")}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}

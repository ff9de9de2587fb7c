import type { Metadata } from "next";
import Link from "next/link";
import { ResendButton } from "@/app/admin/mail/_components/resend-button";
import { hrefWith, Pager } from "@/components/admin/list-filters";
import { StateTabs } from "@/components/admin/state-tabs";
import { Alert } from "@/components/ui/alert";
import { DataTable, type Column } from "@/components/ui/data-table";
import { referenceOf } from "@/lib/applications/reference";
import { MAIL_STATES, mailOverview, mailParamsSchema, type MailListRow } from "@/lib/admin/ops/mail";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { can } from "@/lib/auth/roles";
import { getTranslator } from "@/lib/i18n/server";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.ops.mail.title") };
}

/** The first 120 characters of a text on one line. */
const shorten = (text: string | null) => {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// /admin/mail - every role: the email outbox by state (tabs with counts), keyset pages, masked recipients; agents
// and admins may resend a failed email.
export default async function MailPage({ searchParams }: Props) {
  const staff = await requireStaffPage("read");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const params = mailParamsSchema.parse(raw);
  const { t, locale } = await getTranslator();
  const data = await mailOverview(params);
  const mayResend = can(staff.role, "work");
  const when = staffTimeFormat(staffClockOf(locale, staff.timeZone), "second");
  const time = (d: Date | null) => (d ? <time dateTime={d.toISOString()}>{when.format(d)}</time> : t("admin.ops.none"));
  const m = (key: "queued" | "kind" | "recipient" | "application" | "state" | "attempts" | "lastError" | "sent" | "actions") =>
    t(`admin.ops.mail.columns.${key}`);
  // A state counted past the cap shows "cap+" (and so does the total).
  const over = MAIL_STATES.some((s) => data.counts[s] > data.cap);
  const total = MAIL_STATES.reduce((sum, s) => sum + Math.min(data.counts[s], data.cap), 0);
  const tabs = [
    {
      key: "all",
      label: t("admin.ops.mail.all"),
      count: total,
      atLeast: over,
      href: hrefWith("/admin/mail", { application: params.application }),
      current: !params.state,
    },
    ...MAIL_STATES.map((s) => ({
      key: s,
      label: t(`admin.ops.mail.states.${s}`),
      count: Math.min(data.counts[s], data.cap),
      atLeast: data.counts[s] > data.cap,
      href: hrefWith("/admin/mail", { state: s, application: params.application }),
      current: params.state === s,
    })),
  ];
  const columns: Column<MailListRow>[] = [
    { key: "queued", header: m("queued"), cell: (r) => time(r.createdAt), className: "whitespace-nowrap" },
    {
      key: "kind",
      header: m("kind"),
      cell: (r) => (
        <>
          <span className="font-semibold">{t(`admin.ops.mail.kinds.${r.kind}`)}</span>
          <p className="text-fg-muted">{r.subject}</p>
        </>
      ),
      className: "min-w-56",
    },
    { key: "recipient", header: m("recipient"), cell: (r) => r.recipientMasked, className: "whitespace-nowrap" },
    {
      key: "application",
      header: m("application"),
      cell: (r) =>
        r.applicationId ? (
          // The short reference customers quote; the link carries the full id.
          <Link href={`/admin/applications/${r.applicationId}`} className="font-mono whitespace-nowrap" title={r.applicationId}>
            {referenceOf(r.applicationId)}
          </Link>
        ) : (
          t("admin.ops.none")
        ),
    },
    {
      key: "state",
      header: m("state"),
      cell: (r) => (
        <>
          <span className={r.state === "failed" ? "font-semibold text-danger" : undefined}>{t(`admin.ops.mail.states.${r.state}`)}</span>
          {r.failure ? <p className="text-fg-muted">{t(`admin.ops.mail.failures.${r.failure}`)}</p> : null}
          {/* The server's answer under the state it explains: a column of its own squeezed the table past the page. */}
          {r.lastError && r.state !== "sent" ? (
            <p className="mt-1 max-w-72 text-sm break-words text-fg-muted">
              <span className="sr-only">{m("lastError")}: </span>
              {shorten(r.lastError)}
            </p>
          ) : null}
        </>
      ),
      className: "min-w-40",
    },
    { key: "attempts", header: m("attempts"), cell: (r) => r.attempts, className: "text-right tabular-nums" },
    { key: "sent", header: m("sent"), cell: (r) => time(r.sentAt), className: "whitespace-nowrap" },
    {
      key: "actions",
      header: m("actions"),
      cell: (r) =>
        mayResend && data.enabled && r.state === "failed" ? (
          <ResendButton id={r.id} subject={r.subject} recipient={r.recipientMasked} />
        ) : null,
    },
  ];
  const current = { state: params.state, application: params.application };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.ops.mail.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.ops.mail.lead")}</p>
      </div>
      {data.enabled ? null : <Alert tone="info">{t("admin.ops.mail.off")}</Alert>}
      {params.application ? (
        <p data-testid="mail-of-application">
          {t("admin.search.links.mailOf")}{" "}
          <Link href={`/admin/applications/${params.application}`} className="font-mono">
            {referenceOf(params.application)}
          </Link>
          {" · "}
          <Link href={hrefWith("/admin/mail", { state: params.state })}>{t("admin.search.links.mailAll")}</Link>
        </p>
      ) : null}
      <StateTabs label={t("admin.ops.mail.tabs")} tabs={tabs} locale={locale} />
      <DataTable
        caption={t("admin.ops.mail.caption")}
        columns={columns}
        rows={data.rows}
        rowKey={(r) => r.id}
        empty={t("admin.ops.mail.empty")}
      />
      <Pager
        first={params.after ? hrefWith("/admin/mail", current) : undefined}
        next={data.next ? hrefWith("/admin/mail", current, { after: data.next }) : undefined}
        texts={{ first: t("admin.ops.first"), next: t("admin.ops.next") }}
      />
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ActionsPanel } from "@/app/admin/applications/[id]/_components/actions-panel";
import { AnswersSection } from "@/app/admin/applications/[id]/_components/answers-section";
import { AssignForm } from "@/app/admin/applications/[id]/_components/assign-form";
import { AssignmentPanel } from "@/app/admin/applications/[id]/_components/assignment-panel";
import { AttentionCard } from "@/app/admin/applications/[id]/_components/attention-card";
import { CaseSummary } from "@/app/admin/applications/[id]/_components/case-summary";
import { DocumentsSection } from "@/app/admin/applications/[id]/_components/documents-section";
import { EventsSection } from "@/app/admin/applications/[id]/_components/events-section";
import { IssuerView } from "@/app/admin/applications/[id]/_components/issuer-view";
import { NoteForm } from "@/app/admin/applications/[id]/_components/note-form";
import { TimelineSection } from "@/app/admin/applications/[id]/_components/timeline-section";
import { StateTabs } from "@/components/admin/state-tabs";
import { Alert } from "@/components/ui/alert";
import { Card, CardTitle } from "@/components/ui/card";
import { LoadingStatus } from "@/components/ui/loading-status";
import { loadCase, TIMELINE_SOURCE_LIMIT } from "@/lib/admin/case/load";
import { countTimeline, filterTimeline, TIMELINE_FILTERS, timelineFilterOf } from "@/lib/admin/case/timeline";
import { pageTimeline, timelinePageOf } from "@/lib/admin/case/timeline-page";
import { backQueryOf, queueHrefOf } from "@/lib/admin/queue/query";
import { can } from "@/lib/auth/roles";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.case.title") };
}

// /admin/applications/[id] - one application for staff: summary, the issuer's live view, answers, documents, timeline, notes.
type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ApplicationCase({ params, searchParams }: Props) {
  const staff = await requireStaffPage("read");
  const { id } = await params;
  const query = await searchParams;
  const shown = timelineFilterOf(query.timeline);
  // The queue view this page was opened from (only its own parameters), kept by the timeline's links too.
  const back = backQueryOf(query.back);
  const keep: Record<string, string> = back ? { back } : {};
  const data = await loadCase(id);
  if (!data) notFound();
  const timelineHref = (change: Record<string, string>) => {
    const q = new URLSearchParams({ ...keep, ...change }).toString();
    return `/admin/applications/${data.app.id}${q ? `?${q}` : ""}#case-timeline`;
  };
  const { t, locale } = await getTranslator();
  const when = staffTimeFormat(staffClockOf(locale, staff.timeZone), "second");
  // An erased application is final: nothing to claim, note or act on (the server refuses it too).
  const canWork = can(staff.role, "work") && !data.erasure;
  const canReveal = can(staff.role, "reveal");
  const holder = data.assignee;
  const held = !holder ? "nobody" : holder.id === staff.id ? "me" : "other";
  const holderName = holder ? holder.name || holder.email : "";
  const since = holder?.at ? ` ${t("admin.case.assignment.since", { time: when.format(holder.at) })}` : "";
  const counts = countTimeline(data.timeline);
  const filters = TIMELINE_FILTERS.map((f) => ({
    key: f,
    label: t(`admin.case.timeline.filters.${f}`),
    count: counts[f],
    href: timelineHref(f === "all" ? {} : { timeline: f }),
    current: f === shown,
  }));
  const status =
    held === "nobody"
      ? t("admin.case.assignment.nobody")
      : (held === "me" ? t("admin.case.assignment.you") : t("admin.case.assignment.other", { name: holderName })) + since;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link href={queueHrefOf(back)} className="text-sm">
          {t("admin.case.back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold break-words">{data.contact.name || t("admin.case.noName")}</h1>
        <p className="mt-1 font-mono text-sm text-fg-muted">{t("admin.case.reference", { id: data.app.id })}</p>
        {data.erasure ? (
          <Alert tone="info" title={t("admin.case.erased.title")} className="mt-3">
            {t("admin.case.erased.body", {
              date: staffTimeFormat(staffClockOf(locale, staff.timeZone)).format(data.erasure.at),
              staff: data.erasure.staffEmail,
            })}
          </Alert>
        ) : null}
        {can(staff.role, "privacy") ? (
          <Link href={`/admin/applications/${data.app.id}/privacy`} className="mt-2 inline-block text-sm">
            {t("admin.privacy.link")}
          </Link>
        ) : null}
      </div>
      {/* One column that may shrink below its content on a phone: the implicit column grew to the widest line (444 px). */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex flex-col gap-6 xl:col-start-2 xl:row-start-1">
          <Card className="p-5" aria-labelledby="case-summary">
            <CardTitle>
              <span id="case-summary">{t("admin.case.summary.heading")}</span>
            </CardTitle>
            <CaseSummary data={data} productName={data.answers.productName ?? data.app.productId} t={t} when={when} />
          </Card>
          <Card className="p-5" aria-labelledby="case-assignment">
            <CardTitle>
              <span id="case-assignment">{t("admin.case.assignment.heading")}</span>
            </CardTitle>
            <div className="mt-3 flex flex-col gap-5">
              <AssignmentPanel
                applicationId={data.app.id}
                held={held}
                canWork={canWork}
                texts={{
                  status,
                  claim: t("admin.case.assignment.claim"),
                  release: t("admin.case.assignment.release"),
                  takeOver: t("admin.case.assignment.takeOver", { name: holderName }),
                  confirmTakeOver: t("admin.case.assignment.confirmTakeOver", { name: holderName }),
                  confirm: t("admin.case.assignment.confirm"),
                  cancel: t("admin.case.assignment.cancel"),
                  failed: t("admin.case.assignment.failed"),
                  erased: t("admin.actions.erased"),
                }}
              />
              {canWork ? (
                <AssignForm
                  applicationId={data.app.id}
                  colleagues={data.colleagues.map((c) => ({ value: c.id, label: c.name ? `${c.name} (${c.email})` : c.email }))}
                  current={holder?.id ?? null}
                  texts={{
                    label: t("admin.case.assignment.assignTo"),
                    choose: t("admin.case.assignment.chooseColleague"),
                    submit: t("admin.case.assignment.assign"),
                    failed: t("admin.case.assignment.failed"),
                  }}
                />
              ) : null}
            </div>
          </Card>
          <AttentionCard data={data} canWork={canWork} t={t} when={when} />
          <Card className="p-5" aria-labelledby="case-issuer">
            <CardTitle>
              <span id="case-issuer">{t("admin.case.issuer.heading")}</span>
            </CardTitle>
            <p className="mt-1 mb-2 text-sm text-fg-muted">{t("admin.case.issuer.lead")}</p>
            <Suspense fallback={<LoadingStatus label={t("admin.case.issuer.loading")} />}>
              <IssuerView cardholderId={data.app.cardholderId} t={t} />
            </Suspense>
          </Card>
          <ActionsPanel applicationId={data.app.id} staff={staff} />
        </div>
        <div className="flex flex-col gap-6 xl:col-start-1 xl:row-start-1">
          <Card className="p-5" aria-labelledby="case-answers">
            <CardTitle>
              <span id="case-answers">{t("admin.case.answers.heading")}</span>
            </CardTitle>
            <p className="mt-1 mb-4 text-sm text-fg-muted">{t("admin.case.answers.lead")}</p>
            <AnswersSection data={data} canReveal={canReveal} t={t} locale={locale} />
          </Card>
          <Card className="p-5" aria-labelledby="case-documents">
            <CardTitle>
              <span id="case-documents">{t("admin.case.documents.heading")}</span>
            </CardTitle>
            <div className="mt-3">
              <DocumentsSection data={data} canPreview={canReveal} t={t} locale={locale} />
            </div>
          </Card>
          <Card className="p-5" aria-labelledby="case-timeline">
            <CardTitle>
              <span id="case-timeline">{t("admin.case.timeline.heading")}</span>
            </CardTitle>
            <p className="mt-1 mb-4 text-sm text-fg-muted">{t("admin.case.timeline.lead")}</p>
            {canWork ? (
              <div className="mb-5">
                <NoteForm
                  applicationId={data.app.id}
                  texts={{
                    label: t("admin.case.notes.label"),
                    hint: t("admin.case.notes.hint"),
                    add: t("admin.case.notes.add"),
                    adding: t("admin.case.notes.adding"),
                    empty: t("admin.case.notes.empty"),
                    tooLong: t("admin.case.notes.tooLong"),
                    failed: t("admin.case.notes.failed"),
                    erased: t("admin.actions.erased"),
                    errorTitle: t("admin.case.notes.errorTitle"),
                  }}
                />
              </div>
            ) : null}
            <StateTabs label={t("admin.case.timeline.filtersLabel")} tabs={filters} locale={locale} />
            <div className="mt-4">
              <TimelineSection
                page={pageTimeline(filterTimeline(data.timeline, shown), timelinePageOf(query.tpage))}
                cut={data.cut}
                limit={TIMELINE_SOURCE_LIMIT}
                hrefOf={(n) => timelineHref({ ...(shown === "all" ? {} : { timeline: shown }), tpage: String(n) })}
                t={t}
                when={when}
                num={new Intl.NumberFormat(locale)}
              />
            </div>
          </Card>
          <Card className="p-5" aria-labelledby="case-events">
            <CardTitle>
              <span id="case-events">{t("admin.deliveries.section.heading")}</span>
            </CardTitle>
            <p className="mt-1 mb-4 text-sm text-fg-muted">{t("admin.deliveries.section.lead")}</p>
            {/* Streamed: its one query never holds back the rest of the page. */}
            <Suspense fallback={<LoadingStatus label={t("admin.deliveries.section.loading")} />}>
              <EventsSection applicationId={data.app.id} canResend={can(staff.role, "manage_staff")} t={t} when={when} />
            </Suspense>
          </Card>
        </div>
      </div>
    </div>
  );
}

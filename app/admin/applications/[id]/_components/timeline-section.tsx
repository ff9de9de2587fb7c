import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import type { TimelineEntry } from "@/lib/admin/case/timeline";
import type { TimelinePage } from "@/lib/admin/case/timeline-page";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { cn } from "@/lib/utils";

type Props = {
  page: TimelinePage;
  /** The sources whose older rows are left out (CaseData's `cut`), said above the list. */
  cut: ReadonlyArray<"calls" | "staff" | "notes" | "events">;
  limit: number;
  /** The link to another page of the same filter. */
  hrefOf: (page: number) => string;
  t: Translate;
  when: Intl.DateTimeFormat;
  num: Intl.NumberFormat;
};

const TONE: Record<TimelineEntry["kind"], string> = {
  transition: "border-brand",
  step: "border-border-strong",
  webhook: "border-info",
  webhookGroup: "border-info",
  upstream: "border-border-strong",
  staff: "border-warning",
  note: "border-success",
  mail: "border-info",
};

function staffAction(e: Extract<TimelineEntry, { kind: "staff" }>, t: Translate): string {
  const key = `admin.case.timeline.actions.${e.action.replace(/\./g, "_")}`;
  // A resolution's target is its reason: named in the reader's language.
  const target =
    e.action === "application.attention_resolved" && e.target ? t(`admin.case.attention.reasons.${e.target}` as MessageKey) : e.target;
  const text = t(key as MessageKey, { target: target ?? "" });
  return text === key ? t("admin.case.timeline.actions.other", { action: e.action }) : text;
}

/** An email's delivery in words: waiting, sent (when), or failed and why (a refused address reads as such). */
function mailState(e: Extract<TimelineEntry, { kind: "mail" }>, t: Translate, when: Intl.DateTimeFormat): string {
  if (e.state === "sent" && e.sentAt) return t("admin.case.timeline.mailSent", { when: when.format(e.sentAt) });
  const state = t(`admin.case.timeline.mailStates.${e.state}`);
  return e.failure ? `${state}: ${t(`admin.case.timeline.mailFailures.${e.failure}`)}` : state;
}

/** What one entry says: a headline and, for calls, events and emails, their details. */
function describe(
  e: TimelineEntry,
  t: Translate,
  when: Intl.DateTimeFormat,
  num: Intl.NumberFormat,
): { title: ReactNode; detail?: ReactNode } {
  const state = (s: string | null) => (s ? t(`admin.states.${s}` as MessageKey) : "—");
  switch (e.kind) {
    case "transition":
      return {
        title: e.from
          ? t("admin.case.timeline.transition", { from: state(e.from), to: state(e.to) })
          : t("admin.case.timeline.started", { to: state(e.to) }),
        detail: e.reason,
      };
    case "step":
      return { title: e.reason };
    case "webhook":
      return {
        title: <span className="font-mono">{t("admin.case.timeline.webhook", { type: e.eventType, state: e.state })}</span>,
        detail: [
          e.eventId,
          t("admin.case.timeline.webhookAttempts", { count: e.attempts }),
          e.error ? t("admin.case.timeline.error", { code: e.error }) : null,
        ]
          .filter(Boolean)
          .join(" · "),
      };
    case "webhookGroup":
      return {
        title: <span className="font-mono break-all">{t("admin.case.timeline.webhookGroup", { count: e.count, type: e.eventType })}</span>,
        detail: [
          t("admin.case.timeline.webhookGroupDetail"),
          e.notApplied > 0 ? t("admin.case.timeline.webhookGroupNotApplied", { count: num.format(e.notApplied) }) : null,
        ]
          .filter(Boolean)
          .join(" · "),
      };
    case "upstream":
      return {
        title: (
          <span className="font-mono break-all">
            {t("admin.case.timeline.upstream", { method: e.method, path: e.path })} ·{" "}
            {e.httpStatus === null
              ? t("admin.case.timeline.upstreamNoAnswer")
              : t("admin.case.timeline.upstreamStatus", { status: e.httpStatus })}
            {e.errorCode ? ` · ${t("admin.case.timeline.error", { code: e.errorCode })}` : ""}
          </span>
        ),
        detail: t("admin.case.timeline.upstreamDetail", { id: e.requestId, attempt: e.attempt, ms: e.durationMs }),
      };
    case "staff":
      return { title: t("admin.case.timeline.staffLine", { email: e.staffEmail, action: staffAction(e, t) }) };
    case "mail":
      return {
        title: t("admin.case.timeline.mail", { subject: e.subject }),
        detail: [t("admin.case.timeline.mailTo", { recipient: e.recipient }), mailState(e, t, when)].join(" · "),
      };
    case "note":
      return {
        title: t("admin.case.timeline.noteBy", { name: e.author }),
        detail: <span className="whitespace-pre-wrap text-fg">{e.body}</span>,
      };
  }
}

/** Where this page sits in the whole, and the links to the newer and older pages. */
function TimelinePager({ page, hrefOf, t, num }: Pick<Props, "page" | "hrefOf" | "t" | "num">) {
  return (
    <nav aria-label={t("admin.case.timeline.pagesLabel")} className="flex flex-wrap items-center gap-3 text-sm">
      <p className="text-fg-muted">
        {t("admin.case.timeline.pageStatus", { first: num.format(page.first), last: num.format(page.last), total: num.format(page.total) })}
      </p>
      {page.page > 1 ? (
        <Link href={hrefOf(page.page - 1)} className={buttonClasses("secondary")} rel="prev">
          {t("admin.case.timeline.newer")}
        </Link>
      ) : null}
      {page.page < page.pages ? (
        <Link href={hrefOf(page.page + 1)} className={buttonClasses("secondary")} rel="next">
          {t("admin.case.timeline.older")}
        </Link>
      ) : null}
    </nav>
  );
}

/** The one timeline, newest first, a page at a time; each entry names its kind in words, not by colour alone. */
export function TimelineSection({ page, cut, limit, hrefOf, t, when, num }: Props) {
  const notices = cut.map((source) => (
    <p key={source} className="text-sm text-fg-muted" data-testid="timeline-cut">
      {t(`admin.case.timeline.cut.${source}`, { limit })}
    </p>
  ));
  if (page.total === 0)
    return [
      ...notices,
      <p key="empty" className="text-fg-muted">
        {t("admin.case.timeline.empty")}
      </p>,
    ];
  return (
    <div className="flex flex-col gap-3">
      {notices}
      <TimelinePager page={page} hrefOf={hrefOf} t={t} num={num} />
      <ol className="flex flex-col gap-2">
        {page.entries.map((e) => {
          const { title, detail } = describe(e, t, when, num);
          return (
            <li key={e.key} className={cn("border-l-4 py-1 pl-3 text-sm", TONE[e.kind])}>
              <p className="flex flex-wrap items-baseline gap-x-2">
                <time dateTime={e.at.toISOString()} className="whitespace-nowrap text-fg-muted">
                  {when.format(e.at)}
                </time>
                <span className="rounded-control bg-surface-muted px-1.5 text-xs font-semibold uppercase tracking-wide">
                  {t(`admin.case.timeline.kinds.${e.kind}`)}
                </span>
              </p>
              <p className="mt-0.5 font-semibold">{title}</p>
              {detail ? <p className="break-words text-fg-muted">{detail}</p> : null}
            </li>
          );
        })}
      </ol>
      {page.pages > 1 ? <TimelinePager page={page} hrefOf={hrefOf} t={t} num={num} /> : null}
    </div>
  );
}

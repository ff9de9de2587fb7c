import Link from "next/link";
import { DataTable, type Column } from "@/components/ui/data-table";
import type { Locale } from "@/lib/i18n/config";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import type { SubjectMember } from "@/lib/privacy/subject";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

const FOUND_BY = { this: "thisOne", email: "byEmail", identity: "byIdentity" } as const;

/** The person's applications before an export or an erasure: ids, states, dates and how each was found; no answer. */
type Props = { members: SubjectMember[]; t: Translate; locale: Locale; timeZone: string | null };

export function SubjectTable({ members, t, locale, timeZone }: Props) {
  const when = staffTimeFormat(staffClockOf(locale, timeZone));
  const s = (key: string) => t(`admin.privacy.subject.${key}` as MessageKey);
  const date = (d: Date) => <time dateTime={d.toISOString()}>{when.format(d)}</time>;
  const columns: Column<SubjectMember>[] = [
    {
      key: "application",
      header: s("columns.application"),
      // The row's id: the erasure's error summary links to the application it names.
      cell: (m) => (
        <Link id={`subject-${m.id}`} href={`/admin/applications/${m.id}`} className="font-mono text-xs break-all">
          {m.id}
        </Link>
      ),
    },
    { key: "card", header: s("columns.card"), cell: (m) => <span className="font-mono text-xs">{m.productId}</span> },
    {
      key: "state",
      header: s("columns.state"),
      cell: (m) => (
        <>
          {t(`admin.states.${m.state}`)}
          {m.inFlight ? <p className="font-semibold text-danger">{s("inFlight")}</p> : null}
          {m.erasedAt ? <p className="text-fg-muted">{s("erased")}</p> : null}
        </>
      ),
    },
    { key: "started", header: s("columns.started"), cell: (m) => date(m.createdAt), className: "whitespace-nowrap" },
    { key: "changed", header: s("columns.changed"), cell: (m) => date(m.updatedAt), className: "whitespace-nowrap" },
    {
      key: "issuer",
      header: s("columns.issuer"),
      cell: (m) => (m.cardholderId ? <span className="font-mono text-xs break-all">{m.cardholderId}</span> : s("none")),
    },
    { key: "found", header: s("columns.found"), cell: (m) => m.matchedBy.map((b) => s(FOUND_BY[b])).join(", ") },
  ];
  return <DataTable caption={s("caption")} columns={columns} rows={members} rowKey={(m) => m.id} empty={s("none")} />;
}

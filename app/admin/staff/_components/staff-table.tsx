"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { OneTimeLink } from "@/app/admin/staff/_components/one-time-link";
import { SignInFailures, type FailuresCell } from "@/app/admin/staff/_components/sign-in-failures";
import { StaffRowActions, type RowOutcome, type RowTexts } from "@/app/admin/staff/_components/staff-row-actions";
import { Alert } from "@/components/ui/alert";
import { DataTable, type Column } from "@/components/ui/data-table";
import type { SelectOption } from "@/components/ui/select";
import type { PublicStaff } from "@/lib/admin/staff/accounts";

/** An account as lib/admin/staff/accounts.ts shows it, with its last sign-in and failures as the page words them. */
export type StaffListRow = Omit<PublicStaff, "lastSignInAt"> & { lastSignIn: string | null; failures: FailuresCell | null };
export type StaffTableTexts = {
  caption: string;
  columns: Record<"name" | "email" | "role" | "state" | "lastSignIn" | "failures" | "actions", string>;
  enabled: string;
  disabled: string;
  noPassword: string;
  companySignIn: string;
  failuresNone: string;
  never: string;
  you: string;
  errorTitle: string;
  failed: string;
  roleChanged: string;
  disabledDone: string;
  enabledDone: string;
  unlinkedDone: string;
  resetDone: string;
  linkTitle: string;
  link: { note: string; emailedNote: string; copy: string; copied: string; copyFailed: string };
  row: RowTexts;
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (w, k: string) => values[k] ?? w);

/** The staff accounts with their controls; what an action did (or a new one-time link) shows above the table. */
export function StaffTable({
  rows,
  selfId,
  roles,
  texts,
  known,
}: {
  rows: StaffListRow[];
  selfId: string;
  roles: SelectOption[];
  texts: StaffTableTexts;
  known: Record<string, string>;
}) {
  const router = useRouter();
  const [outcome, setOutcome] = useState<RowOutcome>();
  const said = useRef<HTMLDivElement>(null);
  // The row's controls may re-render away (a new role): focus moves to what happened, then to the link if any.
  useEffect(() => {
    if (outcome) said.current?.focus();
  }, [outcome]);
  const DONE = { role: texts.roleChanged, disabled: texts.disabledDone, enabled: texts.enabledDone, unlinked: texts.unlinkedDone };
  const roleName = (value: string) => roles.find((r) => r.value === value)?.label ?? value;

  function onOutcome(next: RowOutcome) {
    setOutcome(next);
    if (next.kind !== "error") router.refresh();
  }

  const columns: Column<StaffListRow>[] = [
    {
      key: "name",
      header: texts.columns.name,
      cell: (r) => (
        <span className="font-semibold">
          {r.name || "—"} {r.id === selfId ? <span className="font-normal text-fg-muted">{texts.you}</span> : null}
        </span>
      ),
    },
    { key: "email", header: texts.columns.email, cell: (r) => <span className="break-all">{r.email}</span>, className: "min-w-48" },
    { key: "role", header: texts.columns.role, cell: (r) => roleName(r.role), className: "whitespace-nowrap" },
    {
      key: "state",
      header: texts.columns.state,
      cell: (r) => (
        <>
          <span className={r.disabled ? "font-semibold text-danger" : undefined}>{r.disabled ? texts.disabled : texts.enabled}</span>
          {!r.passwordSet && !r.disabled ? <p className="text-fg-muted">{texts.noPassword}</p> : null}
          {r.companySignIn ? <p className="text-fg-muted">{texts.companySignIn}</p> : null}
        </>
      ),
    },
    { key: "last", header: texts.columns.lastSignIn, cell: (r) => r.lastSignIn ?? texts.never, className: "whitespace-nowrap" },
    {
      key: "failures",
      header: texts.columns.failures,
      cell: (r) => <SignInFailures cell={r.failures} none={texts.failuresNone} />,
      className: "min-w-48",
    },
    {
      key: "actions",
      header: texts.columns.actions,
      cell: (r) => (
        <StaffRowActions key={`${r.id}:${r.role}`} row={r} self={r.id === selfId} roles={roles} texts={texts.row} onOutcome={onOutcome} />
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div ref={said} tabIndex={-1} aria-live="polite" className="flex flex-col gap-4 focus:outline-none">
        {outcome?.kind === "changed" ? (
          <Alert tone="success">{fill(DONE[outcome.what], { email: outcome.email, role: roleName(outcome.role) })}</Alert>
        ) : null}
        {outcome?.kind === "link" ? (
          <OneTimeLink
            key={outcome.url}
            id="reset-link"
            url={outcome.url}
            texts={{
              ...texts.link,
              title: fill(texts.linkTitle, { email: outcome.email }),
              label: fill(texts.linkTitle, { email: outcome.email }),
              lead: fill(texts.resetDone, { email: outcome.email }),
              note: fill(outcome.emailed ? texts.link.emailedNote : texts.link.note, { email: outcome.email }),
            }}
          />
        ) : null}
        {outcome?.kind === "error" ? (
          <Alert tone="error" title={texts.errorTitle}>
            {(outcome.key && known[outcome.key]) || texts.failed}
          </Alert>
        ) : null}
      </div>
      <DataTable caption={texts.caption} columns={columns} rows={rows} rowKey={(r) => r.id} empty="—" />
    </div>
  );
}

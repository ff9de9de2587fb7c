"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { SelectOption } from "@/components/ui/select";
import { RowConfirm } from "@/app/admin/staff/_components/row-confirm";
import type { StaffListRow } from "@/app/admin/staff/_components/staff-table";
import type { resetStaffPassword } from "@/lib/admin/staff/accounts";
import { asApiError, callApi, type AnswerOf } from "@/lib/client/api";

export type RowTexts = {
  role: string;
  changeRole: string;
  disable: string;
  enable: string;
  reset: string;
  unlink: string;
  confirmDisable: string;
  confirmReset: string;
  confirmUnlink: string;
  yesDisable: string;
  yesReset: string;
  yesUnlink: string;
  cancel: string;
};
export type RowOutcome =
  | { kind: "changed"; what: "role" | "disabled" | "enabled" | "unlinked"; email: string; role: string }
  | { kind: "link"; email: string; url: string; emailed: boolean }
  | { kind: "error"; email: string; field: string | undefined; key: string | undefined };

type Row = Pick<StaffListRow, "id" | "email" | "role" | "disabled" | "companySignIn">;
type Asked = "disable" | "reset" | "unlink";
const fill = (text: string, email: string) => text.replaceAll("{email}", email);

/**
 * One account's controls: change role, disable or enable, reset password, unlink the company sign-in (each but the
 * role confirmed first).
 */
export function StaffRowActions({
  row,
  self,
  roles,
  texts,
  onOutcome,
}: {
  row: Row;
  self: boolean;
  roles: SelectOption[];
  texts: RowTexts;
  onOutcome: (outcome: RowOutcome) => void;
}) {
  const [role, setRole] = useState<string>(row.role);
  // One change at a time per account; `name` says which button shows it is busy.
  const change = useMutation({
    mutationFn: (c: { name: string; method: "PATCH" | "POST"; url: string; json: object }) =>
      callApi<unknown>(c.url, { method: c.method, json: c.json }),
    onError: (failure) => {
      const [field, key] = Object.entries(asApiError(failure).fields)[0] ?? [];
      onOutcome({ kind: "error", email: row.email, field, key });
    },
  });
  const busy = change.isPending ? change.variables.name : undefined;
  // The change being confirmed in the row, and the buttons that asked (the focus goes back there on Cancel).
  const [asked, setAsked] = useState<Asked | null>(null);
  const askers = useRef<Partial<Record<Asked, HTMLButtonElement | null>>>({});
  const cancel = () => {
    const from = asked;
    setAsked(null);
    if (from) requestAnimationFrame(() => askers.current[from]?.focus());
  };

  function act<T>(name: string, method: "PATCH" | "POST", url: string, json: object, done: (data: T) => RowOutcome) {
    change.mutate({ name, method, url, json }, { onSuccess: (data) => onOutcome(done(data as T)), onSettled: () => setAsked(null) });
  }

  const patch = (what: "role" | "disabled" | "enabled", body: object) =>
    act(what, "PATCH", `/api/admin/staff/${row.id}`, body, () => ({ kind: "changed", what, email: row.email, role }));

  function toggle() {
    patch(row.disabled ? "enabled" : "disabled", { disabled: !row.disabled });
  }

  function reset() {
    act<AnswerOf<typeof resetStaffPassword>>("reset", "POST", `/api/admin/staff/${row.id}/reset-password`, {}, (data) => ({
      kind: "link",
      email: row.email,
      url: data.setPasswordUrl,
      emailed: data.emailed,
    }));
  }

  function unlink() {
    act("unlinked", "POST", `/api/admin/staff/${row.id}/unlink-oidc`, {}, () => ({
      kind: "changed",
      what: "unlinked",
      email: row.email,
      role,
    }));
  }

  const selectId = `role-${row.id}`;
  return (
    <div className="flex min-w-72 flex-col gap-2">
      <div className="flex items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="sr-only">
            {fill(texts.role, row.email)}
          </label>
          <select
            id={selectId}
            value={role}
            onChange={(e) => setRole(e.target.value)}
            className="min-h-11 rounded-control border border-border-strong bg-surface px-2 text-sm"
          >
            {roles.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          className="px-3 text-sm"
          disabled={role === row.role || busy !== undefined}
          busy={busy === "role"}
          onClick={() => patch("role", { role })}
          aria-label={`${texts.changeRole}: ${row.email}`}
        >
          {texts.changeRole}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {self ? null : (
          <Button
            variant={row.disabled ? "secondary" : "danger"}
            className="px-3 text-sm"
            disabled={busy !== undefined}
            busy={busy === "disabled" || busy === "enabled"}
            ref={(b) => void (askers.current.disable = b)}
            onClick={() => (row.disabled ? toggle() : setAsked("disable"))}
            aria-label={`${row.disabled ? texts.enable : texts.disable}: ${row.email}`}
          >
            {row.disabled ? texts.enable : texts.disable}
          </Button>
        )}
        {self ? null : (
          <Button
            variant="secondary"
            className="px-3 text-sm"
            disabled={busy !== undefined || row.disabled}
            busy={busy === "reset"}
            ref={(b) => void (askers.current.reset = b)}
            onClick={() => setAsked("reset")}
            aria-label={`${texts.reset}: ${row.email}`}
          >
            {texts.reset}
          </Button>
        )}
        {row.companySignIn ? (
          <Button
            variant="secondary"
            className="px-3 text-sm"
            disabled={busy !== undefined}
            busy={busy === "unlinked"}
            ref={(b) => void (askers.current.unlink = b)}
            onClick={() => setAsked("unlink")}
            aria-label={`${texts.unlink}: ${row.email}`}
          >
            {texts.unlink}
          </Button>
        ) : null}
      </div>
      {asked ? (
        <RowConfirm
          text={fill({ disable: texts.confirmDisable, reset: texts.confirmReset, unlink: texts.confirmUnlink }[asked], row.email)}
          confirm={{ disable: texts.yesDisable, reset: texts.yesReset, unlink: texts.yesUnlink }[asked]}
          cancel={texts.cancel}
          danger={asked === "disable"}
          busy={busy !== undefined}
          onConfirm={{ disable: toggle, reset, unlink }[asked]}
          onCancel={cancel}
        />
      ) : null}
    </div>
  );
}

"use client";

import { useState } from "react";
import { callStaffApi } from "@/components/admin/staff-api";
import { Button } from "@/components/ui/button";
import type { SelectOption } from "@/components/ui/select";

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
};
export type RowOutcome =
  | { kind: "changed"; what: "role" | "disabled" | "enabled" | "unlinked"; email: string; role: string }
  | { kind: "link"; email: string; url: string }
  | { kind: "error"; email: string; field: string | undefined; key: string | undefined };

type Row = { id: string; email: string; role: string; disabled: boolean; companySignIn: boolean };
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
  const [role, setRole] = useState(row.role);
  const [busy, setBusy] = useState<string>();

  async function act(name: string, method: "PATCH" | "POST", url: string, body: object, done: (data: unknown) => RowOutcome) {
    setBusy(name);
    const result = await callStaffApi<unknown>(method, url, body);
    setBusy(undefined);
    if (result.ok) return onOutcome(done(result.data));
    const [field, key] = Object.entries(result.error.fields)[0] ?? [];
    onOutcome({ kind: "error", email: row.email, field, key });
  }

  const patch = (what: "role" | "disabled" | "enabled", body: object) =>
    act(what, "PATCH", `/api/admin/staff/${row.id}`, body, () => ({ kind: "changed", what, email: row.email, role }));

  function toggle() {
    if (!row.disabled && !window.confirm(fill(texts.confirmDisable, row.email))) return;
    void patch(row.disabled ? "enabled" : "disabled", { disabled: !row.disabled });
  }

  function reset() {
    if (!window.confirm(fill(texts.confirmReset, row.email))) return;
    void act("reset", "POST", `/api/admin/staff/${row.id}/reset-password`, {}, (data) => ({
      kind: "link",
      email: row.email,
      url: (data as { setPasswordUrl: string }).setPasswordUrl,
    }));
  }

  function unlink() {
    if (!window.confirm(fill(texts.confirmUnlink, row.email))) return;
    void act("unlinked", "POST", `/api/admin/staff/${row.id}/unlink-oidc`, {}, () => ({
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
          onClick={() => void patch("role", { role })}
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
            onClick={toggle}
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
            onClick={reset}
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
            onClick={unlink}
            aria-label={`${texts.unlink}: ${row.email}`}
          >
            {texts.unlink}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

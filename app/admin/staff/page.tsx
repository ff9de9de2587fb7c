import type { Metadata } from "next";
import type { FailuresCell } from "@/app/admin/staff/_components/sign-in-failures";
import { StaffAddForm } from "@/app/admin/staff/_components/staff-add-form";
import { StaffTable } from "@/app/admin/staff/_components/staff-table";
import { signInFailuresByEmail, type AccountFailures } from "@/lib/admin/staff/sign-in-failures";
import { listStaff, processStaffDeps } from "@/lib/admin/staff/accounts";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { STAFF_ROLES } from "@/lib/auth/roles";
import { translateKey } from "@/lib/i18n/form-texts";
import { getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.staffArea.staff.title") };
}

const STAFF_ERRORS = ["email_taken", "last_admin", "self", "password_length", "current_password"] as const;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (w, k: string) => String(values[k] ?? w));

/** An account's failed sign-ins in words, or null when there were none. */
function failuresCell(t: Translate, when: Intl.DateTimeFormat, email: string, f: AccountFailures | undefined): FailuresCell | null {
  if (!f) return null;
  const x = (key: "summary" | "recent" | "from") => t(`admin.staffArea.staff.failures.${key}`);
  return {
    summary: fill(x("summary"), { failed: f.failed, throttled: f.throttled }),
    label: fill(x("recent"), { email }),
    entries: f.recent.map((r, k) => ({
      key: `${r.at.getTime()}-${k}`,
      at: r.at.toISOString(),
      when: when.format(r.at),
      what: t(`admin.staffArea.staff.failures.outcomes.${r.kind}`),
      from: fill(x("from"), { ip: r.ip }),
    })),
  };
}

// /admin/staff - admins list, add, change, disable and reset staff accounts (through /api/admin/staff).
export default async function StaffPage() {
  const me = await requireStaffPage("manage_staff");
  const { t, locale } = await getTranslator();
  const deps = await processStaffDeps();
  const staff = await listStaff(deps);
  const failures = await signInFailuresByEmail(
    deps,
    staff.map((u) => u.email),
  );
  const when = staffTimeFormat(staffClockOf(locale, me.timeZone));
  const roles = STAFF_ROLES.map((r) => ({ value: r, label: t(`admin.roles.${r}`) }));
  const known = Object.fromEntries(STAFF_ERRORS.map((k) => [`errors.staff.${k}`, translateKey(locale, `errors.staff.${k}`)]));
  const c = (key: "errorTitle" | "failed" | "saving" | "copy" | "copied" | "copyFailed" | "never" | "expiresNote" | "emailedNote") =>
    t(`admin.staffArea.common.${key}`);
  const s = (key: "enabled" | "disabled" | "noPassword" | "companySignIn" | "you" | "caption") => t(`admin.staffArea.staff.${key}`);
  const link = { note: c("expiresNote"), emailedNote: c("emailedNote"), copy: c("copy"), copied: c("copied"), copyFailed: c("copyFailed") };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.staffArea.staff.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.staffArea.staff.lead")}</p>
        <p className="mt-2 max-w-prose text-sm text-fg-muted">{t("admin.staffArea.staff.rolesHelp")}</p>
      </div>
      <StaffTable
        rows={staff.map((u) => ({
          ...u,
          lastSignIn: u.lastSignInAt ? when.format(new Date(u.lastSignInAt)) : null,
          failures: failuresCell(t, when, u.email, failures.get(u.email)),
        }))}
        selfId={me.id}
        roles={roles}
        known={known}
        texts={{
          caption: s("caption"),
          columns: {
            name: t("admin.staffArea.staff.columns.name"),
            email: t("admin.staffArea.staff.columns.email"),
            role: t("admin.staffArea.staff.columns.role"),
            state: t("admin.staffArea.staff.columns.state"),
            lastSignIn: t("admin.staffArea.staff.columns.lastSignIn"),
            failures: t("admin.staffArea.staff.columns.failures"),
            actions: t("admin.staffArea.staff.columns.actions"),
          },
          enabled: s("enabled"),
          disabled: s("disabled"),
          noPassword: s("noPassword"),
          companySignIn: s("companySignIn"),
          failuresNone: t("admin.staffArea.staff.failures.none"),
          never: c("never"),
          you: s("you"),
          errorTitle: c("errorTitle"),
          failed: c("failed"),
          roleChanged: t("admin.staffArea.staff.row.roleChanged"),
          disabledDone: t("admin.staffArea.staff.row.disabledDone"),
          enabledDone: t("admin.staffArea.staff.row.enabledDone"),
          unlinkedDone: t("admin.staffArea.staff.row.unlinkedDone"),
          resetDone: t("admin.staffArea.staff.row.resetDone"),
          linkTitle: t("admin.staffArea.staff.row.linkTitle"),
          link,
          row: {
            role: t("admin.staffArea.staff.row.role"),
            changeRole: t("admin.staffArea.staff.row.changeRole"),
            disable: t("admin.staffArea.staff.row.disable"),
            enable: t("admin.staffArea.staff.row.enable"),
            reset: t("admin.staffArea.staff.row.reset"),
            unlink: t("admin.staffArea.staff.row.unlink"),
            confirmDisable: t("admin.staffArea.staff.row.confirmDisable"),
            confirmReset: t("admin.staffArea.staff.row.confirmReset"),
            confirmUnlink: t("admin.staffArea.staff.row.confirmUnlink"),
            yesDisable: t("admin.staffArea.staff.row.yesDisable"),
            yesReset: t("admin.staffArea.staff.row.yesReset"),
            yesUnlink: t("admin.staffArea.staff.row.yesUnlink"),
            cancel: t("admin.staffArea.staff.row.cancel"),
          },
        }}
      />
      <StaffAddForm
        roles={roles}
        known={known}
        texts={{
          heading: t("admin.staffArea.staff.add.heading"),
          email: t("admin.staffArea.staff.add.email"),
          emailHint: t("admin.staffArea.staff.add.emailHint"),
          roleHint: t("admin.staffArea.staff.add.roleHint"),
          name: t("admin.staffArea.staff.add.name"),
          role: t("admin.staffArea.staff.add.role"),
          submit: t("admin.staffArea.staff.add.submit"),
          saving: c("saving"),
          emailInvalid: t("admin.staffArea.staff.add.emailInvalid"),
          nameTooLong: t("admin.staffArea.staff.add.nameTooLong"),
          errorTitle: c("errorTitle"),
          failed: c("failed"),
          added: t("admin.staffArea.staff.add.added"),
          linkTitle: t("admin.staffArea.staff.row.linkTitle"),
          link: { ...link, lead: "" },
        }}
      />
    </div>
  );
}

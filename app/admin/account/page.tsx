import type { Metadata } from "next";
import { TimeZoneForm } from "@/app/admin/account/_components/time-zone-form";
import { PasswordForm } from "@/components/admin/password-form";
import { Card, CardTitle } from "@/components/ui/card";
import { SummaryList } from "@/components/ui/summary-list";
import { timeZoneChoices } from "@/lib/admin/clock";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { translateKey } from "@/lib/i18n/form-texts";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.staffArea.account.title") };
}

const KNOWN = ["errors.staff.password_length", "errors.staff.current_password"] as const;

// /admin/account - every signed-in role: their own details, their time zone, and a change of their own password.
export default async function AccountPage() {
  const me = await requireStaffPage("read");
  const { t, locale } = await getTranslator();
  const a = (key: "name" | "email" | "role") => t(`admin.staffArea.account.${key}`);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{t("admin.staffArea.account.heading")}</h1>
      <Card aria-labelledby="account-details">
        <CardTitle>
          <span id="account-details">{t("admin.staffArea.account.details")}</span>
        </CardTitle>
        <SummaryList
          className="mt-4"
          rows={[
            { key: "name", label: a("name"), value: me.name },
            { key: "email", label: a("email"), value: me.email },
            { key: "role", label: a("role"), value: t(`admin.roles.${me.role}`) },
          ]}
        />
      </Card>
      <Card aria-labelledby="account-zone">
        <CardTitle>
          <span id="account-zone">{t("admin.clock.heading")}</span>
        </CardTitle>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.clock.lead")}</p>
        <p className="mt-2 mb-4 font-semibold" data-testid="account-zone-now">
          {me.timeZone ? t("admin.clock.current", { zone: me.timeZone }) : t("admin.clock.notSet")}
        </p>
        <TimeZoneForm
          current={me.timeZone ?? null}
          zones={timeZoneChoices(me.timeZone ?? null)}
          texts={{
            label: t("admin.clock.label"),
            hint: t("admin.clock.hint"),
            choose: t("admin.clock.choose"),
            submit: t("admin.clock.submit"),
            saving: t("admin.staffArea.common.saving"),
            invalid: translateKey(locale, "errors.staff.time_zone"),
            errorTitle: t("admin.staffArea.common.errorTitle"),
            failed: t("admin.staffArea.common.failed"),
            saved: t("admin.clock.saved"),
          }}
        />
      </Card>
      <Card aria-labelledby="account-password">
        <CardTitle>
          <span id="account-password">{t("admin.staffArea.account.passwordHeading")}</span>
        </CardTitle>
        <p className="mt-2 mb-4 max-w-prose text-fg-muted">{t("admin.staffArea.account.passwordLead")}</p>
        <PasswordForm
          known={Object.fromEntries(KNOWN.map((k) => [k, translateKey(locale, k)]))}
          texts={{
            current: t("admin.staffArea.account.current"),
            next: t("admin.staffArea.account.next"),
            confirm: t("admin.staffArea.account.confirm"),
            rules: t("admin.staffArea.common.passwordRules"),
            submit: t("admin.staffArea.account.submit"),
            saving: t("admin.staffArea.common.saving"),
            mismatch: t("admin.staffArea.account.mismatch"),
            required: t("admin.staffArea.account.required"),
            tooShort: translateKey(locale, "errors.staff.password_length"),
            errorTitle: t("admin.staffArea.common.errorTitle"),
            failed: t("admin.staffArea.common.failed"),
            invalidHeading: t("admin.staffArea.common.errorTitle"),
            invalid: t("admin.staffArea.common.failed"),
            done: t("admin.staffArea.account.done"),
            signIn: t("admin.staffArea.account.signIn"),
          }}
        />
      </Card>
    </div>
  );
}

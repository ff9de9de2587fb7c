import type { Metadata } from "next";
import Link from "next/link";
import { PasswordForm } from "@/components/admin/password-form";
import { Alert } from "@/components/ui/alert";
import { passwordLinkOwner, processStaffDeps } from "@/lib/admin/staff/accounts";
import { translateKey } from "@/lib/i18n/form-texts";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.staffArea.setPassword.title"), referrer: "no-referrer" };
}

type Props = { params: Promise<{ token: string }> };

// /admin/set-password/[token] - the one-time link of a new or reset account: choose a password, then sign in.
// Public on purpose: the token is the credential (only its hash is stored; POST /api/staff-password is rate limited).
export default async function SetPasswordPage({ params }: Props) {
  const { token } = await params;
  const { t, locale } = await getTranslator();
  const email = await passwordLinkOwner(await processStaffDeps(), token);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6">
      <h1 className="text-3xl font-bold">{t("admin.staffArea.setPassword.heading")}</h1>
      {email ? (
        <>
          <p className="text-fg-muted">{t("admin.staffArea.setPassword.lead", { email })}</p>
          <PasswordForm
            token={token}
            known={{ "errors.staff.password_length": translateKey(locale, "errors.staff.password_length") }}
            texts={{
              next: t("admin.staffArea.setPassword.password"),
              confirm: t("admin.staffArea.setPassword.confirm"),
              rules: t("admin.staffArea.common.passwordRules"),
              submit: t("admin.staffArea.setPassword.submit"),
              saving: t("admin.staffArea.common.saving"),
              mismatch: t("admin.staffArea.setPassword.mismatch"),
              required: t("admin.staffArea.account.required"),
              tooShort: translateKey(locale, "errors.staff.password_length"),
              errorTitle: t("admin.staffArea.common.errorTitle"),
              failed: t("admin.staffArea.common.failed"),
              invalidHeading: t("admin.staffArea.setPassword.invalidHeading"),
              invalid: t("admin.staffArea.setPassword.invalid"),
              done: t("admin.staffArea.setPassword.done", { email }),
              signIn: t("admin.staffArea.setPassword.signIn"),
            }}
          />
        </>
      ) : (
        <>
          <Alert tone="error" title={t("admin.staffArea.setPassword.invalidHeading")}>
            {t("admin.staffArea.setPassword.invalid")}
          </Alert>
          <p>
            <Link href="/admin/sign-in">{t("admin.staffArea.setPassword.signIn")}</Link>
          </p>
        </>
      )}
    </div>
  );
}

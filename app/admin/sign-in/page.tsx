import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/app/admin/sign-in/_components/sign-in-form";
import { currentStaff } from "@/lib/auth/current-staff";
import { getEnv } from "@/lib/env";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.signIn.title") };
}

type Props = { searchParams: Promise<{ callbackUrl?: string; error?: string }> };

/** Errors with their own message (next-auth's AccessDenied; the portal's OpenID Connect refusals and ended session). */
const NOTICES = { AccessDenied: "refused", OidcUnverified: "oidcUnverified", OidcDomain: "oidcDomain", SessionEnded: "expired" } as const;
const isNotice = (error: string): error is keyof typeof NOTICES => Object.hasOwn(NOTICES, error);

/** Only a path of the staff area: a sign-in link must not send anyone elsewhere afterwards. */
const safeCallback = (raw: string | undefined) => (raw && /^\/admin(\/|$|\?)/.test(raw) && !raw.startsWith("//") ? raw : "/admin");

// /admin/sign-in - email and password (throttled), or the merchant's OpenID Connect provider when configured.
export default async function SignInPage({ searchParams }: Props) {
  const { callbackUrl, error } = await searchParams;
  const target = safeCallback(callbackUrl);
  if (await currentStaff()) redirect(target);
  const { t } = await getTranslator();
  const notice = error ? t(`admin.signIn.${isNotice(error) ? NOTICES[error] : "failed"}`) : undefined;
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.signIn.heading")}</h1>
        <p className="mt-2 text-fg-muted">{t("admin.signIn.lead")}</p>
      </div>
      <SignInForm
        callbackUrl={target}
        oidc={Boolean(getEnv().oidc)}
        initialError={notice}
        texts={{
          email: t("admin.signIn.email"),
          password: t("admin.signIn.password"),
          submit: t("admin.signIn.submit"),
          submitting: t("admin.signIn.submitting"),
          failed: t("admin.signIn.failed"),
          or: t("admin.signIn.or"),
          oidc: t("admin.signIn.oidc"),
          errorTitle: t("admin.signIn.errorTitle"),
        }}
      />
    </div>
  );
}

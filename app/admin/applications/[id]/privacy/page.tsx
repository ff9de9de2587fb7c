import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SubjectTable } from "@/app/admin/applications/[id]/privacy/_components/subject-table";
import { EraseForm } from "@/app/admin/applications/[id]/privacy/_components/erase-form";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import { isApplicationId } from "@/lib/applications/application-id";
import { privacyView } from "@/lib/privacy/service";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.privacy.title") };
}

type Props = { params: Promise<{ id: string }> };

// /admin/applications/[id]/privacy - export the data of this application's person, or erase it on request (admins only):
// every application with the same email or identity number, listed first.
export default async function ApplicantPrivacy({ params }: Props) {
  const staff = await requireStaffPage("privacy");
  const { id } = await params;
  const view = isApplicationId(id) ? await privacyView(id) : undefined;
  if (!view) notFound();
  const { t, locale } = await getTranslator();
  const date = (d: Date) => staffTimeFormat(staffClockOf(locale, staff.timeZone)).format(d);
  const section = "flex flex-col gap-3 rounded-card border border-border bg-surface p-5";
  const cardholders = view.members.flatMap((m) => (m.cardholderId ? [m.cardholderId] : []));
  const inFlight = view.members.filter((m) => m.inFlight).map((m) => m.id);
  const ids = view.members.map((m) => m.id);
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <Link href={`/admin/applications/${view.id}`}>{t("admin.privacy.back")}</Link>
        <h1 className="mt-2 text-3xl font-bold">{t("admin.privacy.heading")}</h1>
        <p className="mt-1 font-mono text-sm text-fg-muted">{t("admin.privacy.reference", { id: view.id })}</p>
        <p className="mt-2 max-w-3xl text-fg-muted">{t("admin.privacy.lead")}</p>
      </div>
      <section aria-labelledby="subject-heading" className="flex flex-col gap-3">
        <h2 id="subject-heading" tabIndex={-1} className="text-xl font-semibold">
          {t("admin.privacy.subject.heading")}
        </h2>
        <p className="max-w-3xl">{t("admin.privacy.subject.lead")}</p>
        <SubjectTable members={view.members} t={t} locale={locale} timeZone={staff.timeZone ?? null} />
      </section>
      <section aria-labelledby="export-heading" className={`${section} max-w-3xl`}>
        <h2 id="export-heading" className="text-xl font-semibold">
          {t("admin.privacy.export.heading")}
        </h2>
        <p>{t("admin.privacy.export.body")}</p>
        <a href={`/api/admin/applications/${view.id}/export`} download className={buttonClasses("secondary", "md", "self-start")}>
          {t("admin.privacy.export.button")}
        </a>
      </section>
      <section aria-labelledby="erase-heading" className={`${section} max-w-3xl`}>
        <h2 id="erase-heading" className="text-xl font-semibold">
          {t("admin.privacy.erase.heading")}
        </h2>
        <p>{t("admin.privacy.erase.removed")}</p>
        <p>{t("admin.privacy.erase.kept")}</p>
        <Alert tone="warning" title={t("admin.privacy.erase.issuerTitle")}>
          {cardholders.length
            ? t("admin.privacy.erase.issuer", { cardholders: cardholders.join(", ") })
            : t("admin.privacy.erase.issuerNone")}
        </Alert>
        {view.erasure ? (
          <Alert tone="success" title={t("admin.privacy.erase.done")}>
            {t("admin.privacy.erase.erased", {
              date: date(view.erasure.erasedAt),
              staff: view.erasure.staffEmail,
              reason: view.erasure.reason,
            })}
          </Alert>
        ) : view.erasable ? (
          <>
            {view.answersDroppedAt ? <p>{t("admin.privacy.erase.dropped", { date: date(view.answersDroppedAt) })}</p> : null}
            <EraseForm
              applicationId={view.id}
              applications={ids}
              texts={{
                naming: t("admin.privacy.erase.naming"),
                reason: t("admin.privacy.erase.reason"),
                reasonHint: t("admin.privacy.erase.reasonHint"),
                confirm: t("admin.privacy.erase.confirm"),
                confirmHint: t("admin.privacy.erase.confirmHint", { id: view.id }),
                submit: t("admin.privacy.erase.submit"),
                submitting: t("admin.privacy.erase.submitting"),
                errorTitle: t("admin.privacy.erase.errorTitle"),
                failed: t("admin.privacy.erase.failed"),
              }}
            />
          </>
        ) : (
          <Alert tone="info">{t("admin.privacy.erase.inFlight", { ids: inFlight.join(", ") })}</Alert>
        )}
      </section>
    </div>
  );
}

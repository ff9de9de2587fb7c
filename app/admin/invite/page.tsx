import type { Metadata } from "next";
import { InviteForm } from "@/app/admin/invite/_components/invite-form";
import { listEnabledProducts } from "@/lib/applications/product";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.actions.invite.title") };
}

// /admin/invite - an invitation link and QR code that open the portal with a card chosen and the email filled in.
export default async function InvitePage() {
  await requireStaffPage("work");
  const { t } = await getTranslator();
  const products = await listEnabledProducts().catch(() => []);
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.actions.invite.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.actions.invite.lead")}</p>
      </div>
      <InviteForm products={products.map((p) => ({ value: p.id, label: p.name }))} />
    </div>
  );
}

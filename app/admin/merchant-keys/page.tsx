import type { Metadata } from "next";
import { KeyCreateForm } from "@/app/admin/merchant-keys/_components/key-create-form";
import { RevokeKeyButton } from "@/app/admin/merchant-keys/_components/revoke-key-button";
import { DataTable } from "@/components/ui/data-table";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import type { adminMerchantEn } from "@/lib/i18n/messages/admin-merchant-en";
import { listKeys, processMerchantKeyDeps, type PublicMerchantKey } from "@/lib/merchant/admin";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.merchant.title") };
}

// /admin/merchant-keys - admins create, list and revoke the merchant's server-to-server API keys (docs/merchant-api.md).
export default async function MerchantKeysPage() {
  const me = await requireStaffPage("manage_staff");
  const { t, locale } = await getTranslator();
  const keys = await listKeys(await processMerchantKeyDeps());
  const when = staffTimeFormat(staffClockOf(locale, me.timeZone));
  const c = (key: keyof typeof adminMerchantEn.list.columns) => t(`admin.merchant.list.columns.${key}`);
  const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : t("admin.merchant.list.never"));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.merchant.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.merchant.lead")}</p>
        <p className="mt-2 max-w-prose text-sm text-fg-muted">{t("admin.merchant.docs")}</p>
      </div>
      <section aria-labelledby="create-key" className="flex max-w-3xl flex-col gap-3">
        <h2 id="create-key" className="text-xl font-bold">
          {t("admin.merchant.create.heading")}
        </h2>
        <KeyCreateForm />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">{t("admin.merchant.list.heading")}</h2>
        <DataTable<PublicMerchantKey>
          caption={t("admin.merchant.list.caption")}
          rows={keys}
          rowKey={(k) => k.id}
          empty={t("admin.merchant.list.empty")}
          // The status and its Revoke second: on a phone the table scrolls sideways, and the action stays in view.
          columns={[
            { key: "name", header: c("name"), cell: (k) => k.name, className: "min-w-32" },
            {
              key: "status",
              header: c("status"),
              className: "min-w-60",
              cell: (k) =>
                k.revokedAt ? (
                  t("admin.merchant.list.revoked", { when: at(k.revokedAt) })
                ) : (
                  <div className="flex flex-col items-start gap-2">
                    <span>{t("admin.merchant.list.active")}</span>
                    <RevokeKeyButton id={k.id} name={k.name} prefix={k.prefix} />
                  </div>
                ),
            },
            { key: "prefix", header: c("prefix"), cell: (k) => <span className="font-mono text-xs">{k.prefix}…</span> },
            { key: "scopes", header: c("scopes"), cell: (k) => <span className="font-mono text-xs">{k.scopes.join(" ")}</span> },
            { key: "rate", header: c("rate"), cell: (k) => k.ratePerMinute },
            { key: "createdBy", header: c("createdBy"), cell: (k) => <span className="break-all">{k.createdByEmail}</span> },
            { key: "created", header: c("created"), cell: (k) => at(k.createdAt) },
            { key: "lastUsed", header: c("lastUsed"), cell: (k) => at(k.lastUsedAt) },
          ]}
        />
      </section>
    </div>
  );
}

"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/admin/action-form";
import { IssuedLink } from "@/components/admin/issued-link";

/** Creates an invitation link (and QR code) with a product chosen and the applicant's email filled in. */
export function InviteForm({ products }: { products: Array<{ value: string; label: string }> }) {
  const { t } = useI18n();
  return (
    <ActionForm
      endpoint="/api/admin/invites"
      refresh={false}
      submit={t("admin.actions.invite.submit")}
      fields={[
        { name: "productId", label: t("admin.actions.invite.product"), options: products, defaultValue: products[0]?.value },
        { name: "email", label: t("admin.actions.invite.email"), type: "email" },
        {
          name: "merchantReference",
          label: t("admin.actions.invite.merchantReference"),
          hint: t("admin.actions.invite.merchantReferenceHint"),
          optional: true,
        },
      ]}
      onDone={(data) => (
        <IssuedLink id="invite-link" title={t("admin.actions.invite.result")} url={String(data.url)} qr={String(data.qr)} />
      )}
    />
  );
}

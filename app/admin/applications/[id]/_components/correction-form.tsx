"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/admin/action-form";
import type { MessageKey } from "@/lib/i18n/translate";

type Values = Record<string, string | undefined>;

/** Contact details and billing address, corrected upstream with the cardholder form's rules. */
type Option = { value: string; label: string };

/** `countries`: named on the server, so the browser shows the same names (ICU data differs between runtimes). */
export function CorrectionForm({ endpoint, values, countries }: { endpoint: string; values: Values; countries: Option[] }) {
  const { t } = useI18n();
  const k = (key: string) => t(`admin.actions.correct.${key}` as MessageKey);
  const a = (name: string, label: string, optional = false) => ({
    name: `billing_address.${name}`,
    label: k(label),
    group: k("address"),
    optional,
    defaultValue: values[`billing_address.${name}`],
  });
  return (
    <ActionForm
      endpoint={endpoint}
      method="PUT"
      submit={k("submit")}
      fields={[
        { name: "email", label: k("email"), type: "email", defaultValue: values.email },
        { name: "area_code", label: k("areaCode"), type: "tel", defaultValue: values.area_code },
        { name: "mobile_number", label: k("mobile"), type: "tel", defaultValue: values.mobile_number },
        { ...a("country", "country"), options: [{ value: "", label: k("chooseCountry") }, ...countries] },
        a("state", "state", true),
        a("city", "city"),
        a("district", "district", true),
        a("line1", "line1"),
        a("line2", "line2", true),
        a("postcode", "postcode"),
      ]}
      onDone={(data) => t("admin.actions.correct.outcome", { fields: ((data.changed as string[] | undefined) ?? []).join(", ") })}
    />
  );
}

"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { ActionForm, type FormFieldSpec } from "@/components/admin/action-form";
import { checkCorrection } from "@/lib/admin/case/actions/correction-schema";
import { setPath, type Tree } from "@/lib/dotted-paths";
import type { MessageKey } from "@/lib/i18n/translate";
import type { RestrictionLists } from "@/lib/requirements/restrictions";

type Values = Record<string, string | undefined>;
type Option = { value: string; label: string };
type Props = {
  endpoint: string;
  values: Values;
  /** Named on the server, so the browser shows the same names (ICU data differs between runtimes). */
  countries: Option[];
  /** The product's region lists: the form checks them as the server does. */
  restrictions: RestrictionLists;
};

/**
 * Contact details and billing address, corrected upstream with the cardholder form's rules. Only the fields the
 * staff member changed are sent (the address whole once any of it changes), checked here and again on the server.
 */
export function CorrectionForm({ endpoint, values, countries, restrictions }: Props) {
  const { t } = useI18n();
  const k = (key: string) => t(`admin.actions.correct.${key}` as MessageKey);
  const a = (name: string, label: string, optional = false): FormFieldSpec => ({
    name: `billing_address.${name}`,
    label: k(label),
    group: k("address"),
    optional,
    defaultValue: values[`billing_address.${name}`],
  });
  const address = [
    { ...a("country", "country"), options: [{ value: "", label: k("chooseCountry") }, ...countries] },
    a("state", "state", true),
    a("city", "city"),
    a("district", "district", true),
    a("line1", "line1"),
    a("line2", "line2", true),
    { ...a("postcode", "postcode"), hint: k("postcodeHint") },
  ];
  const saved = Object.entries(values).reduce<Tree>((tree, [path, v]) => (v === undefined ? tree : setPath(tree, path, v)), {});
  return (
    <ActionForm
      endpoint={endpoint}
      method="PUT"
      submit={k("submit")}
      changedOnly
      check={(body) => {
        const result = checkCorrection(body, { restrictions, saved });
        return result.ok ? {} : result.fields;
      }}
      fields={[
        { name: "email", label: k("email"), type: "email", defaultValue: values.email },
        { name: "area_code", label: k("areaCode"), type: "tel", defaultValue: values.area_code },
        { name: "mobile_number", label: k("mobile"), type: "tel", defaultValue: values.mobile_number },
        ...address,
      ]}
      onDone={(data) => t("admin.actions.correct.outcome", { fields: ((data.changed as string[] | undefined) ?? []).join(", ") })}
    />
  );
}

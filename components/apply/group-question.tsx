"use client";

import { useI18n } from "@/components/i18n/i18n-provider";
import { fieldDomId } from "@/components/apply/field-ids";
import { RadioGroup } from "@/components/ui/radio-group";

type Props = { group: string; name: string; open: boolean; onAnswer: (yes: boolean) => void };

/** The yes/no question in front of an optional object (components/apply/use-optional-groups.ts); "No" first. */
export function GroupQuestion({ group, name, open, onAnswer }: Props) {
  const { t } = useI18n();
  return (
    <RadioGroup
      id={fieldDomId(`${group}.ask`)}
      name={`${group}-ask`}
      legend={t(group === "delivery_address" ? "apply.form.askDelivery" : "apply.form.askGroup", { name })}
      inline
      options={[
        { value: "no", label: t("apply.form.no") },
        { value: "yes", label: t("apply.form.yes") },
      ]}
      value={open ? "yes" : "no"}
      onChange={(v) => onAnswer(v === "yes")}
    />
  );
}

"use client";

import { Controller, type Control, type FieldValues, type UseFormRegister } from "react-hook-form";
import { useI18n } from "@/components/i18n/i18n-provider";
import { DateField } from "@/components/ui/date-field";
import { RadioGroup } from "@/components/ui/radio-group";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { dateOrder, fieldDomId, labelOf } from "@/components/apply/field-ids";
import { useFieldMessage } from "@/components/apply/message-text";
import { dateErrorPart, joinDate, shownParts } from "@/lib/requirements/dates";
import { callingCodeOptions, countrySelectOptions } from "@/lib/i18n/countries";
import { countryOptions } from "@/lib/requirements/restrictions";
import type { PlanField, ProductRequirements } from "@/lib/requirements/types";

type Props = {
  field: PlanField;
  requirements: ProductRequirements;
  optional: boolean;
  error?: string;
  register: UseFormRegister<FieldValues>;
  control: Control<FieldValues>;
  /** The id of a <datalist> of suggestions for a text box (an address's cities). */
  listId?: string;
};

/** One answer of the form plan, rendered by its input kind; unknown descriptors are labelled text fields. */
export function FieldControl({ field, requirements, optional, error, register, control, listId }: Props) {
  const { t, locale, textOf } = useI18n();
  const fieldMessage = useFieldMessage();
  const id = fieldDomId(field.path);
  const label = labelOf(textOf, field);
  const hint = field.hintKey ? textOf(field.hintKey) : undefined;
  const message = error ? fieldMessage(field, error).text : undefined;
  const common = { id, label, hint, error: message, optionalText: optional ? t("apply.form.optional") : undefined };

  if (field.input === "radio" && field.options) {
    const options = field.options.map((o) => ({ value: o.value, label: textOf(o.labelKey) }));
    return (
      <Controller
        control={control}
        name={field.path}
        render={({ field: f }) => (
          <RadioGroup
            {...common}
            name={field.path}
            legend={label}
            options={options}
            value={f.value === undefined || f.value === null ? "" : String(f.value)}
            onChange={(v) => f.onChange(v)}
          />
        )}
      />
    );
  }
  if (field.input === "select" || field.input === "country" || field.path.endsWith("area_code")) {
    const options =
      field.input === "country"
        ? // Every country is offered: a person whose country the card does not serve is told so on the field,
          // rather than searching a list where it is silently missing.
          countrySelectOptions(countryOptions(requirements, "any"), locale)
        : field.path.endsWith("area_code")
          ? callingCodeOptions(undefined, locale)
          : (field.options ?? []).map((o) => ({ value: o.value, label: textOf(o.labelKey) }));
    const placeholder = field.input === "country" ? t("apply.form.chooseCountry") : t("apply.form.chooseOne");
    // Controlled: the value lives in the form state, whatever the browser does with the <select> element.
    return (
      <Controller
        control={control}
        name={field.path}
        render={({ field: f }) => (
          <Select
            {...common}
            options={options}
            placeholder={placeholder}
            autoComplete={field.autocomplete}
            name={f.name}
            ref={f.ref}
            value={f.value === undefined || f.value === null ? "" : String(f.value)}
            onChange={(e) => f.onChange(e.target.value)}
            onBlur={f.onBlur}
          />
        )}
      />
    );
  }
  if (field.input === "date") {
    const partLabels = { day: t("formFields.day"), month: t("formFields.month"), year: t("formFields.year") };
    return (
      <Controller
        control={control}
        name={field.path}
        render={({ field: f }) => {
          const value = typeof f.value === "string" ? f.value : "";
          return (
            <DateField
              id={id}
              name={f.name}
              legend={label}
              hint={hint}
              error={message}
              errorPart={error ? dateErrorPart(error, value) : undefined}
              optionalText={common.optionalText}
              order={dateOrder(locale)}
              partLabels={partLabels}
              defaultParts={shownParts(value)}
              onPartsChange={(parts) => f.onChange(joinDate(parts))}
              onBlur={f.onBlur}
              birthday={field.autocomplete === "bday"}
            />
          );
        }}
      />
    );
  }
  const type = field.input === "email" ? "email" : field.input === "tel" ? "tel" : "text";
  return (
    <TextField
      {...common}
      type={type}
      // A phone's "tel" keypad has the "+" of an international number; "numeric" has digits only.
      inputMode={field.input === "tel" ? "tel" : field.input === "number" ? "numeric" : undefined}
      autoComplete={field.autocomplete ?? "off"}
      list={listId}
      spellCheck={false}
      {...register(field.path)}
    />
  );
}

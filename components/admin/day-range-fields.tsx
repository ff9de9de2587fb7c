import { TextField } from "@/components/ui/text-field";

type Days = { from?: string; to?: string };

/** The from/to days of a staff filter form; each box says in which zone its days are counted ("Days in Europe/Paris"). */
export function DayRangeFields({
  idPrefix,
  values,
  errors,
  texts,
}: {
  idPrefix: string;
  values: Days;
  errors: Days;
  texts: { from: string; to: string; days: string };
}) {
  return (
    <>
      {(["from", "to"] as const).map((name) => (
        <TextField
          key={name}
          id={`${idPrefix}-${name}`}
          name={name}
          type="date"
          label={texts[name]}
          hint={texts.days}
          defaultValue={values[name]}
          error={errors[name]}
        />
      ))}
    </>
  );
}

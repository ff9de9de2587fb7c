import type { InputKind } from "@/lib/requirements/types";

// An error message that names its field ("Enter your first name", "Date of birth must include a month"),
// so it is understood on its own: read by a screen reader, listed in the error summary.

const FIELD_PREFIX = "errors.field.";
const NAMED_PREFIX = "errors.named.";
const NAME_PREFIX = "names.";

export type MessageField = {
  path: string;
  name: string;
  labelKey: string;
  fallbackLabel?: string;
  input: InputKind;
  group?: string;
};

/** A catalog lookup that says when it has no text (unlike the page translators, which fall back). */
export type Lookup = (key: string) => string | undefined;

/** What the message says, and whether it names its field (a summary adds the label to one that does not). */
export type FieldMessage = { text: string; named: boolean };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

// "County" reads "the county" mid-sentence; "ZIP code" and "PIN code" keep their capitals.
const lowerFirst = (s: string) => (/^\p{Lu}\p{Lu}/u.test(s) ? s : s.charAt(0).toLocaleLowerCase() + s.slice(1));
const upperFirst = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** Which template a missing answer takes: a list is chosen from, a document uploaded, anything else entered. */
function requiredTemplate(field: MessageField): string {
  if (field.input === "file") return "required_upload";
  const choice = field.input === "select" || field.input === "country" || field.input === "radio";
  return choice || field.path.endsWith("area_code") ? "required_choose" : "required_enter";
}

/** How the field is named mid-sentence: "your first name", "the city of your home address". */
export function fieldName(lookup: Lookup, field: MessageField, label: string): string {
  // Only the addresses have a group name (names.groups.*): an identity document's parts name themselves.
  const group = field.group === undefined ? undefined : lookup(`${NAME_PREFIX}groups.${field.group}`);
  const own =
    lookup(NAME_PREFIX + field.labelKey) ??
    (group && field.labelKey.startsWith("fields.") ? lookup(`${NAME_PREFIX}address.${field.name}`) : undefined) ??
    fill(lookup(`${NAME_PREFIX}fallback`) ?? "{label}", { label: lowerFirst(label) });
  return group ? fill(lookup(`${NAME_PREFIX}inGroup`) ?? "{part}", { part: own, group }) : own;
}

/**
 * The text of `errorKey` for `field`: its named form when the catalog has one, else the general text
 * (an email address's example, the HKID check digit) which already says what to do.
 */
export function fieldMessage(lookup: Lookup, field: MessageField, label: string, errorKey: string): FieldMessage {
  const general = lookup(errorKey) ?? lookup(`${FIELD_PREFIX}invalid`) ?? errorKey;
  if (!errorKey.startsWith(FIELD_PREFIX)) return { text: general, named: false };
  const suffix = errorKey.slice(FIELD_PREFIX.length);
  const template = lookup(NAMED_PREFIX + (suffix === "required" ? requiredTemplate(field) : suffix));
  if (template === undefined) return { text: general, named: false };
  const name = fieldName(lookup, field, label);
  return { text: fill(template, { name, Name: upperFirst(name) }), named: true };
}

import type { ReactNode } from "react";
import { fieldDomId } from "@/components/apply/field-ids";
import { Checkbox } from "@/components/ui/checkbox";
import { sameAsBillingPath } from "@/lib/applications/same-address";

type Props = {
  path: string;
  legend: ReactNode;
  /** Set for an optional object: when it is needed, or that it may be left empty. */
  hint?: ReactNode;
  /** "Same as billing address", for an address that may be given as a copy of the billing one. */
  same?: { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void };
  /** The page's only object, named like the page: its legend stays for screen readers, not shown a second time. */
  bare?: boolean;
  children: ReactNode;
};

/** An object of the form (an address, the document) in a fieldset of its own; a copied address hides its fields. */
export function GroupFieldset({ path, legend, hint, same, bare = false, children }: Props) {
  const copied = same?.checked === true;
  return (
    <fieldset
      className={bare ? "m-0 flex min-w-0 flex-col gap-5 border-0 p-0" : "flex flex-col gap-5 rounded-card border border-border p-5"}
    >
      <legend className={bare ? "sr-only" : "px-1 text-lg font-semibold"}>{legend}</legend>
      {same ? (
        <Checkbox
          id={fieldDomId(sameAsBillingPath(path))}
          label={same.label}
          checked={copied}
          onChange={(e) => same.onChange(e.target.checked)}
        />
      ) : null}
      {!copied && hint ? <p className="text-sm text-fg-muted">{hint}</p> : null}
      {copied ? null : children}
    </fieldset>
  );
}

// An optional address says when it is needed; other optional groups get the general hint.
export const optionalGroupHint = (path: string) =>
  path === "residential_address"
    ? "apply.form.homeAddressOptional"
    : path === "delivery_address"
      ? "apply.form.deliveryAddressOptional"
      : "apply.form.groupOptional";

/** Consecutive fields of the same group share a fieldset; top-level fields stand alone. */
export function groupFields<F extends { group?: string }>(fields: F[]) {
  const out: Array<{ group?: string; items: F[] }> = [];
  for (const f of fields) {
    const last = out[out.length - 1];
    if (last && last.group === f.group) last.items.push(f);
    else out.push({ group: f.group, items: [f] });
  }
  return out;
}

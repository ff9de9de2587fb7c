import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

type CheckboxProps = Omit<ComponentProps<"input">, "type" | "id"> & { id: string; label: ReactNode };

/** One checkbox with its label; the whole row is the click target, well above the 24px minimum. */
export function Checkbox({ id, label, className, ...input }: CheckboxProps) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex min-h-11 cursor-pointer items-center gap-3 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
        className,
      )}
    >
      <input id={id} type="checkbox" className="size-6 shrink-0 accent-brand" {...input} />
      <span>{label}</span>
    </label>
  );
}

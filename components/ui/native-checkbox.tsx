"use client";

// A checkbox drawn like components/ui/checkbox.tsx (Radix) on the browser's own <input
// type="checkbox">, with the same `checked` (true, false or "indeterminate") and `onCheckedChange`.
// For lists that show one per row (Tickets Management's table and cards): the page's first load
// then carries no Radix checkbox, presence and size observers (decision 185). The browser reports
// an indeterminate box as "mixed" to assistive technology, as Radix's aria-checked did.
import * as React from "react";
import { CheckIcon, MinusIcon } from "lucide-react";
import { cn } from "@/lib/utils";

type NativeCheckboxProps = Omit<React.ComponentProps<"input">, "type" | "checked" | "onChange"> & {
  checked: boolean | "indeterminate";
  onCheckedChange: (checked: boolean) => void;
};

/** `className` goes to the 16 px box around the input and its mark. */
function NativeCheckbox({ className, checked, onCheckedChange, ...props }: NativeCheckboxProps) {
  const ref = React.useRef<HTMLInputElement>(null);
  const isMixed = checked === "indeterminate";
  React.useEffect(() => {
    if (ref.current) ref.current.indeterminate = isMixed;
  }, [isMixed]);
  return (
    <span data-slot="checkbox" className={cn("relative inline-flex size-4 shrink-0", className)}>
      <input
        ref={ref}
        type="checkbox"
        data-state={isMixed ? "indeterminate" : checked ? "checked" : "unchecked"}
        checked={checked === true}
        // A press on a mixed box ticks the whole page, as Radix's did.
        onChange={(event) => onCheckedChange(isMixed ? true : event.currentTarget.checked)}
        className={
          "peer absolute inset-0 size-full cursor-pointer appearance-none rounded-[4px] border " +
          "border-input shadow-xs transition-shadow outline-none checked:border-primary " +
          "checked:bg-primary indeterminate:border-primary indeterminate:bg-primary " +
          "focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed " +
          "disabled:opacity-50"
        }
        {...props}
      />
      <CheckIcon
        aria-hidden="true"
        className={
          "pointer-events-none absolute inset-0 m-auto hidden " + "size-3.5 text-primary-foreground peer-checked:block"
        }
      />
      <MinusIcon
        aria-hidden="true"
        className={
          "pointer-events-none absolute inset-0 m-auto hidden size-3.5 " +
          "text-primary-foreground peer-indeterminate:block"
        }
      />
    </span>
  );
}

export { NativeCheckbox };

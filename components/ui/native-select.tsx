import * as React from "react";
import { ChevronDownIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * The browser's own <select>, drawn like the other inputs (border, focus ring, invalid state, dark
 * mode) with the same chevron as the Radix Select trigger. For a plain list of options it keeps
 * every behaviour a person expects (typing to jump, arrow keys, the platform's picker on a phone)
 * without Radix Select's positioning, focus trapping and scroll locking in the first load
 * (decision 179). Label it with <label htmlFor> on its `id`, as any input.
 */
function NativeSelect({
  className,
  wrapperClassName,
  children,
  ...props
}: React.ComponentProps<"select"> & { wrapperClassName?: string }) {
  return (
    <div data-slot="native-select-wrapper" className={cn("relative w-fit", wrapperClassName)}>
      <select
        data-slot="native-select"
        className={cn(
          "h-9 w-full min-w-0 appearance-none truncate rounded-md border border-input " +
            "bg-transparent py-1 pr-9 pl-3 text-base shadow-xs transition-[color,box-shadow] " +
            "outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
          // The options' list is the platform's; in dark mode it follows `color-scheme: dark`.
          "[&>option]:bg-popover [&>option]:text-popover-foreground",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-50"
      />
    </div>
  );
}

export { NativeSelect };

"use client";

// A switch: a button with role="switch" and aria-checked, as Radix's Switch renders it, without the
// Radix package (decision 182): on the Settings and Remittances screens it is visible at load, and the
// switches here are all controlled by a form or the URL, so Radix's hidden form input is not needed.
// Space and Enter press it as any button; a <label for> names and presses it.
import * as React from "react";
import { cn } from "@/lib/utils";

type SwitchProps = Omit<React.ComponentProps<"button">, "type" | "role" | "value" | "defaultValue" | "onChange"> & {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

function Switch({ className, checked, defaultChecked = false, onCheckedChange, onClick, ...props }: SwitchProps) {
  const [uncontrolled, setUncontrolled] = React.useState(defaultChecked);
  const on = checked ?? uncontrolled;
  const state = on ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      data-state={state}
      data-disabled={props.disabled ? "" : undefined}
      data-slot="switch"
      className={cn(
        "peer inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent " +
          "shadow-xs transition-all outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 " +
          "disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary " +
          "data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (checked === undefined) setUncontrolled(!on);
        onCheckedChange?.(!on);
      }}
      {...props}
    >
      <span
        data-state={state}
        data-slot="switch-thumb"
        className={
          "pointer-events-none block size-4 rounded-full bg-background ring-0 " +
          "transition-transform data-[state=checked]:translate-x-[calc(100%-2px)] " +
          "data-[state=unchecked]:translate-x-0 " +
          "dark:data-[state=checked]:bg-primary-foreground"
        }
      />
    </button>
  );
}

export { Switch };

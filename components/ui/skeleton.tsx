import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A placeholder while data loads. With `label` it is a named status ("Loading the draw"), so a
 * screen reader hears what is coming; without one it is decoration inside a named group
 * (decision 173: every skeleton sits in a `role="status"` with a name).
 */
function Skeleton({ className, label, ...props }: React.ComponentProps<"div"> & { label?: string }) {
  const status = label ? { role: "status", "aria-label": label } : {};
  return (
    <div data-slot="skeleton" className={cn("animate-pulse rounded-md bg-accent", className)} {...status} {...props} />
  );
}

export { Skeleton };

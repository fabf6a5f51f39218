"use client";

import * as React from "react";
import * as ToggleGroupPrimitive from "@radix-ui/react-toggle-group";
import { cn } from "@/lib/utils";

function ToggleGroup({ className, ...props }: React.ComponentProps<typeof ToggleGroupPrimitive.Root>) {
  return (
    <ToggleGroupPrimitive.Root
      data-slot="toggle-group"
      className={cn("inline-flex w-fit items-center rounded-md border shadow-xs", className)}
      {...props}
    />
  );
}

function ToggleGroupItem({ className, ...props }: React.ComponentProps<typeof ToggleGroupPrimitive.Item>) {
  return (
    <ToggleGroupPrimitive.Item
      data-slot="toggle-group-item"
      className={cn(
        "inline-flex h-9 min-w-9 items-center justify-center gap-2 px-2.5 text-sm font-medium " +
          "whitespace-nowrap transition-colors outline-none first:rounded-l-md last:rounded-r-md " +
          "hover:bg-muted hover:text-muted-foreground focus-visible:z-10 focus-visible:ring-[3px] " +
          "focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 " +
          "data-[state=on]:bg-accent data-[state=on]:text-accent-foreground [&_svg]:pointer-events-none " +
          "[&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    />
  );
}

export { ToggleGroup, ToggleGroupItem };

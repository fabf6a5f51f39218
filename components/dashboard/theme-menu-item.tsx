"use client";

import * as DropdownMenuPrimitive from "@radix-ui/react-dropdown-menu";
import { Check, Moon } from "lucide-react";
import { useTheme } from "next-themes";

/**
 * The account menu's light/dark switch. The choice is this person's, kept in their browser
 * (next-themes' localStorage); without one, the dark_mode setting decides.
 */
export function ThemeMenuItem() {
  const { resolvedTheme, setTheme } = useTheme();
  const isDark = resolvedTheme === "dark";
  return (
    <DropdownMenuPrimitive.CheckboxItem
      checked={isDark}
      // Keep the menu open: the page changes colour under it, and the state is visible at once.
      onSelect={(event) => event.preventDefault()}
      onCheckedChange={(checked) => setTheme(checked ? "dark" : "light")}
      className={
        "relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden select-none " +
        "focus:bg-accent focus:text-accent-foreground [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0"
      }
    >
      <Moon />
      Dark mode
      <span className="ml-auto flex size-4 items-center justify-center" aria-hidden>
        <DropdownMenuPrimitive.ItemIndicator>
          <Check />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
    </DropdownMenuPrimitive.CheckboxItem>
  );
}

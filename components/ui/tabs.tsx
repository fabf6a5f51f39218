"use client";

// Tabs with the WAI-ARIA tabs pattern and Radix Tabs' markup and behaviour as the screens use it
// (controlled `value`, automatic activation, `forceMount`), written out so that a screen with tabs
// does not carry Radix's tabs, roving focus, collection and presence (decision 185):
// - one tab stop, the chosen tab; ArrowLeft/ArrowRight move along the list (wrapping), Home/End to
//   the ends, and a tab that takes focus is chosen;
// - role tablist/tab/tabpanel, aria-selected, aria-controls and aria-labelledby, data-state
//   "active"/"inactive" and data-orientation as Radix sets them;
// - a panel's content is mounted only while its tab is chosen, unless `forceMount`.
import * as React from "react";
import { cn } from "@/lib/utils";

interface TabsContextValue {
  baseId: string;
  value: string;
  onValueChange: (value: string) => void;
}

const TabsContext = React.createContext<TabsContextValue | null>(null);

function useTabs(part: string) {
  const context = React.useContext(TabsContext);
  if (!context) throw new Error(`${part} must be inside <Tabs>`);
  return context;
}

// Values may hold characters an id cannot (spaces); Radix made ids the same way.
const idOf = (baseId: string, part: "trigger" | "content", value: string) =>
  `${baseId}-${part}-${value.replace(/\s+/g, "-")}`;

function Tabs({
  className,
  value,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<"div">, "defaultValue"> & { value: string; onValueChange: (value: string) => void }) {
  const baseId = React.useId();
  const context = React.useMemo(() => ({ baseId, value, onValueChange }), [baseId, value, onValueChange]);
  return (
    <TabsContext value={context}>
      <div
        data-slot="tabs"
        data-orientation="horizontal"
        dir="ltr"
        className={cn("flex flex-col gap-4", className)}
        {...props}
      />
    </TabsContext>
  );
}

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      data-orientation="horizontal"
      className={cn(
        "inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        const move = KEY_MOVES[event.key];
        if (event.defaultPrevented || !move || event.altKey || event.ctrlKey || event.metaKey) return;
        const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
        const from = tabs.indexOf(document.activeElement as HTMLButtonElement);
        if (from === -1) return;
        event.preventDefault();
        tabs[move(from, tabs.length)]?.focus();
      }}
      {...props}
    />
  );
}

function TabsTrigger({
  className,
  value,
  onFocus,
  onClick,
  disabled,
  ...props
}: React.ComponentProps<"button"> & { value: string }) {
  const { baseId, value: chosen, onValueChange } = useTabs("TabsTrigger");
  const isSelected = value === chosen;
  const choose = () => {
    if (!isSelected && !disabled) onValueChange(value);
  };
  return (
    <button
      type="button"
      role="tab"
      id={idOf(baseId, "trigger", value)}
      aria-selected={isSelected}
      aria-controls={idOf(baseId, "content", value)}
      data-state={isSelected ? "active" : "inactive"}
      data-orientation="horizontal"
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      // The list's one tab stop is the chosen tab; the arrow keys reach the others.
      tabIndex={isSelected ? 0 : -1}
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md border " +
          "border-transparent px-3 py-1 text-sm font-medium whitespace-nowrap text-foreground/70 " +
          "transition-[color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/50 " +
          "focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 " +
          "data-[state=active]:bg-background data-[state=active]:text-foreground " +
          "data-[state=active]:shadow-sm [&_svg]:size-4",
        className,
      )}
      onFocus={(event) => {
        onFocus?.(event);
        // Automatic activation: a tab reached with the arrow keys is chosen.
        if (!event.defaultPrevented) choose();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) choose();
      }}
      {...props}
    />
  );
}

function TabsContent({
  className,
  value,
  forceMount,
  children,
  ...props
}: React.ComponentProps<"div"> & { value: string; forceMount?: boolean }) {
  const { baseId, value: chosen } = useTabs("TabsContent");
  const isSelected = value === chosen;
  const present = forceMount || isSelected;
  return (
    <div
      role="tabpanel"
      id={idOf(baseId, "content", value)}
      aria-labelledby={idOf(baseId, "trigger", value)}
      data-state={isSelected ? "active" : "inactive"}
      data-orientation="horizontal"
      hidden={!present}
      tabIndex={0}
      data-slot="tabs-content"
      className={cn("flex-1 outline-none", className)}
      {...props}
    >
      {present && children}
    </div>
  );
}

export { Tabs, TabsContent, TabsList, TabsTrigger };

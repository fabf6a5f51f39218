"use client";

// Search box, filters and the table/cards toggle of Tickets Management.
import { useId } from "react";
import { ChevronDown, LayoutGrid, Search, Table2, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import {
  PAYMENT_FILTERS,
  STATUS_FILTERS,
  type TicketFilterState,
  type TicketsView,
} from "@/components/tickets/use-ticket-filters";
import type { TicketCreator } from "@/lib/api/ticket-creators";
import { cn } from "@/lib/utils";

const STATUS_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = {
  all: "All statuses",
  registered: "Registered",
  unregistered: "Unregistered",
};
const PAYMENT_LABELS: Record<(typeof PAYMENT_FILTERS)[number], string> = {
  all: "All payments",
  cash: "Cash",
  gcash: "GCash",
  bank_transfer: "Bank Transfer",
};

export interface ToolbarProps {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  isSearching: boolean;
  filters: TicketFilterState;
  onFilterChange: (change: Partial<Pick<TicketFilterState, "status" | "payment" | "creator">>) => void;
  creators: TicketCreator[];
  view: TicketsView;
  onViewChange: (view: TicketsView) => void;
}

export function TicketsToolbar({
  searchText,
  onSearchTextChange,
  isSearching,
  filters,
  onFilterChange,
  creators,
  view,
  onViewChange,
}: ToolbarProps) {
  // A creator named in the URL but no longer in the list (all their tickets deleted) still shows.
  const creatorOptions =
    filters.creator && !creators.some((c) => c.email === filters.creator)
      ? [...creators, { email: filters.creator, name: null }]
      : creators;
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={searchText}
          onChange={(e) => onSearchTextChange(e.target.value)}
          placeholder="Search control #, name, phone, email"
          aria-label="Search tickets"
          className="pr-9 pl-8"
        />
        {isSearching ? (
          <Spinner label="Searching" className="absolute top-1/2 right-2.5 -translate-y-1/2 text-muted-foreground" />
        ) : (
          searchText && (
            <button
              type="button"
              onClick={() => onSearchTextChange("")}
              className={
                "absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-muted-foreground " +
                "outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              }
              aria-label="Clear search"
            >
              <X className="size-4" />
            </button>
          )
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        {/* Native selects: light (they keep the page's first load small), and the phone's own picker on a phone. */}
        <FilterSelect
          label="Status filter"
          value={filters.status}
          onChange={(v) => onFilterChange({ status: v as TicketFilterState["status"] })}
          className="sm:w-40"
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Payment method filter"
          value={filters.payment}
          onChange={(v) => onFilterChange({ payment: v as TicketFilterState["payment"] })}
          className="sm:w-36"
        >
          {PAYMENT_FILTERS.map((p) => (
            <option key={p} value={p}>
              {PAYMENT_LABELS[p]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Creator filter"
          value={filters.creator}
          onChange={(v) => onFilterChange({ creator: v })}
          className="min-w-0 sm:w-52"
        >
          <option value="">All creators</option>
          {creatorOptions.map((c) => (
            <option key={c.email} value={c.email}>
              {c.name ? `${c.name} (${c.email})` : c.email}
            </option>
          ))}
        </FilterSelect>
        <div
          role="group"
          aria-label="View"
          className="inline-flex w-fit items-center justify-self-start rounded-md border shadow-xs"
        >
          <ViewButton label="Table view" isOn={view === "table"} onClick={() => onViewChange("table")}>
            <Table2 />
          </ViewButton>
          <ViewButton label="Card view" isOn={view === "cards"} onClick={() => onViewChange("cards")}>
            <LayoutGrid />
          </ViewButton>
        </div>
      </div>
    </div>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  className,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn("relative w-full", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={
          "h-9 w-full appearance-none truncate rounded-md border border-input bg-background " +
          "py-1 pr-8 pl-3 text-sm shadow-xs outline-none focus-visible:border-ring " +
          "focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
        }
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 opacity-50"
        aria-hidden="true"
      />
    </div>
  );
}

function ViewButton({
  label,
  isOn,
  onClick,
  children,
}: {
  label: string;
  isOn: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={isOn}
      onClick={onClick}
      className={
        "inline-flex h-9 min-w-9 items-center justify-center px-2.5 outline-none first:rounded-l-md " +
        "last:rounded-r-md hover:bg-muted focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring/50 " +
        "aria-pressed:bg-accent aria-pressed:text-accent-foreground [&_svg]:size-4"
      }
    >
      {children}
    </button>
  );
}

export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onClear}>
      <X />
      Clear Filters
    </Button>
  );
}

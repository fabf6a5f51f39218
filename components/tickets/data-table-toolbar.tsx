"use client";

// Search box, filters and the table/cards toggle of Tickets Management.
import { LayoutGrid, Search, Table2, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { PAYMENT_FILTERS, STATUS_FILTERS, type TicketFilterState, type TicketsView } from "@/components/tickets/use-ticket-filters";
import type { TicketCreator } from "@/lib/api/ticket-creators";

const STATUS_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = { all: "All statuses", registered: "Registered", unregistered: "Unregistered" };
const PAYMENT_LABELS: Record<(typeof PAYMENT_FILTERS)[number], string> = { all: "All payments", cash: "Cash", gcash: "GCash" };
const ALL_CREATORS = "__all__";

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

export function TicketsToolbar({ searchText, onSearchTextChange, isSearching, filters, onFilterChange, creators, view, onViewChange }: ToolbarProps) {
  // A creator named in the URL but no longer in the list (all their tickets deleted) still shows.
  const creatorOptions = filters.creator && !creators.some((c) => c.email === filters.creator) ? [...creators, { email: filters.creator, name: null }] : creators;
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative min-w-0 flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
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
              className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              aria-label="Clear search"
            >
              <X className="size-4" />
            </button>
          )
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        {/* Labels rather than aria-label: a name must contain the visible text (axe). */}
        <Label htmlFor="ticket-status-filter" className="sr-only">
          Status filter
        </Label>
        <Label htmlFor="ticket-payment-filter" className="sr-only">
          Payment method filter
        </Label>
        <Label htmlFor="ticket-creator-filter" className="sr-only">
          Creator filter
        </Label>
        <Select value={filters.status} onValueChange={(v) => onFilterChange({ status: v as TicketFilterState["status"] })}>
          <SelectTrigger id="ticket-status-filter" className="w-full sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_FILTERS.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filters.payment} onValueChange={(v) => onFilterChange({ payment: v as TicketFilterState["payment"] })}>
          <SelectTrigger id="ticket-payment-filter" className="w-full sm:w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PAYMENT_FILTERS.map((p) => (
              <SelectItem key={p} value={p}>
                {PAYMENT_LABELS[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filters.creator || ALL_CREATORS} onValueChange={(v) => onFilterChange({ creator: v === ALL_CREATORS ? "" : v })}>
          <SelectTrigger id="ticket-creator-filter" className="w-full min-w-0 sm:w-52">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CREATORS}>All creators</SelectItem>
            {creatorOptions.map((c) => (
              <SelectItem key={c.email} value={c.email}>
                {c.name ? `${c.name} (${c.email})` : c.email}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <ToggleGroup
          type="single"
          value={view}
          onValueChange={(v) => v && onViewChange(v as TicketsView)}
          aria-label="View"
          className="justify-self-start"
        >
          <ToggleGroupItem value="table" aria-label="Table view">
            <Table2 />
          </ToggleGroupItem>
          <ToggleGroupItem value="cards" aria-label="Card view">
            <LayoutGrid />
          </ToggleGroupItem>
        </ToggleGroup>
      </div>
    </div>
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

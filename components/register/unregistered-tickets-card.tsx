"use client";

// The unregistered tickets of Multiple Registration (SPEC sections 2 and 4): empty until a search
// or Load All; a search debounced 500 ms; 20 a page; each row toggles in or out of the selection.
import { useEffect, useId, useState } from "react";
import { Check, ChevronLeft, ChevronRight, List, RefreshCw, Search, TicketX } from "lucide-react";
import { AddByControlNumber } from "@/components/register/add-by-control-number";
import { useRegisteredMeanwhile } from "@/components/register/use-registered-meanwhile";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { UNREGISTERED_PAGE_SIZE } from "@/lib/constants";
import { formatCount, formatPeso, paymentMethodLabel } from "@/lib/format";
import { useUnregisteredTickets } from "@/lib/queries/registration";
import {
  REGISTRATION_TEXT,
  UNREGISTERED_SEARCH_DEBOUNCE_MS,
  pageCount,
  type ListedTicket,
  type TicketSummary,
} from "@/lib/registration";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";

interface Props {
  selected: ReadonlyMap<string, TicketSummary>;
  onToggle: (ticket: TicketSummary) => void;
  onAdd: (ticket: TicketSummary) => void;
  ownRegistered: ReadonlySet<string>;
  onRegisteredElsewhere: (ticket: TicketSummary, buyer: string) => void;
  /** Changes after each registration: the add field starts fresh, without an earlier problem. */
  registrationCount: number;
}

export function UnregisteredTicketsCard({
  selected,
  onToggle,
  onAdd,
  ownRegistered,
  onRegisteredElsewhere,
  registrationCount,
}: Props) {
  const id = useId();
  const [searchInput, setSearchInput] = useState("");
  const [search] = useDebouncedValue(searchInput.trim(), UNREGISTERED_SEARCH_DEBOUNCE_MS);
  const [showAll, setShowAll] = useState(false);
  // The page belongs to the search it was chosen for: a new search starts on page 1.
  const [paging, setPaging] = useState({ search: "", page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const isActive = showAll || search !== "";

  const list = useUnregisteredTickets({ search, page, enabled: isActive });
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, UNREGISTERED_PAGE_SIZE);
  const rows = useRegisteredMeanwhile({
    pageKey: `${search}\u0000${page}`,
    rows: list.data?.tickets ?? [],
    isPlaceholder: list.isPlaceholderData || !list.data,
    ownRegistered,
    onFound: onRegisteredElsewhere,
  });

  useEffect(() => {
    if (list.isError) toast.error(REGISTRATION_TEXT.loadFailed);
  }, [list.isError, list.errorUpdatedAt]);

  const isShowingAll = showAll && search === "";
  function loadAllOrRefresh() {
    if (isShowingAll) {
      void list.refetch();
      return;
    }
    setSearchInput("");
    setShowAll(true);
  }

  function goTo(nextPage: number) {
    setPaging({ search, page: nextPage });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Unregistered Tickets</CardTitle>
        <CardDescription>Tap a ticket to add it to the selection or take it out.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Label htmlFor={`${id}-search`} className="sr-only">
              Search unregistered tickets
            </Label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-search`}
              type="search"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
              inputMode="search"
              autoCapitalize="characters"
              autoCorrect="off"
              autoComplete="off"
              spellCheck={false}
              placeholder="Search tickets"
              className="pl-8"
            />
          </div>
          <Button type="button" variant="outline" onClick={loadAllOrRefresh} disabled={isShowingAll && list.isFetching}>
            {isShowingAll ? (
              <RefreshCw className={cn(list.isFetching && "animate-spin")} aria-hidden="true" />
            ) : (
              <List aria-hidden="true" />
            )}
            {isShowingAll ? "Refresh" : "Load All"}
          </Button>
        </div>

        <AddByControlNumber key={registrationCount} isSelected={(ticketId) => selected.has(ticketId)} onAdd={onAdd} />

        <TicketList
          isActive={isActive}
          isLoading={list.isPending && isActive}
          isError={list.isError && !list.data}
          isStale={list.isPlaceholderData}
          rows={rows}
          selected={selected}
          onToggle={onToggle}
          onRefresh={() => void list.refetch()}
        />

        {list.data && pages > 1 && (
          <nav aria-label="Unregistered tickets pages" className="flex items-center justify-between gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => goTo(page - 1)}
              disabled={page <= 1 || list.isPlaceholderData}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <p className="text-center text-sm text-muted-foreground" aria-live="polite">
              Page {page} of {pages} ({formatCount(total)} total)
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => goTo(page + 1)}
              disabled={page >= pages || list.isPlaceholderData}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  );
}

function TicketList(props: {
  isActive: boolean;
  isLoading: boolean;
  isError: boolean;
  isStale: boolean;
  rows: ListedTicket[];
  selected: ReadonlyMap<string, TicketSummary>;
  onToggle: (ticket: TicketSummary) => void;
  onRefresh: () => void;
}) {
  if (!props.isActive) {
    return (
      <Placeholder icon={<Search />} title="Search for Tickets">
        Search by control number or last 5 digits, or press Load All.
      </Placeholder>
    );
  }
  if (props.isLoading) {
    return (
      <Placeholder icon={<Spinner label="Loading tickets" className="size-6" />} title="Loading tickets...">
        {null}
      </Placeholder>
    );
  }
  if (props.isError) {
    return (
      <Placeholder icon={<TicketX />} title={REGISTRATION_TEXT.loadFailed}>
        <Button type="button" variant="outline" size="sm" onClick={props.onRefresh}>
          Try Again
        </Button>
      </Placeholder>
    );
  }
  if (props.rows.length === 0) {
    return (
      <Placeholder icon={<TicketX />} title="No unregistered tickets found">
        <Button type="button" variant="outline" size="sm" onClick={props.onRefresh}>
          <RefreshCw aria-hidden="true" />
          Refresh Search
        </Button>
      </Placeholder>
    );
  }
  return (
    <ul
      aria-label="Unregistered tickets"
      aria-busy={props.isStale}
      className={cn("max-h-96 space-y-2 overflow-y-auto rounded-md border p-2", props.isStale && "opacity-60")}
    >
      {props.rows.map((row) => (
        <li key={row.ticket.id}>
          <TicketRow row={row} isSelected={props.selected.has(row.ticket.id)} onToggle={props.onToggle} />
        </li>
      ))}
    </ul>
  );
}

function TicketRow({
  row,
  isSelected,
  onToggle,
}: {
  row: ListedTicket;
  isSelected: boolean;
  onToggle: (ticket: TicketSummary) => void;
}) {
  const { ticket, registeredTo } = row;
  const isRegistered = registeredTo !== undefined;
  return (
    <button
      type="button"
      data-testid="unregistered-row"
      aria-pressed={isRegistered ? undefined : isSelected}
      disabled={isRegistered}
      onClick={() => onToggle(ticket)}
      className={cn(
        "flex w-full items-center gap-3 rounded-md border px-3 py-2 text-left " +
          "transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        isSelected ? "border-primary bg-primary/10" : "hover:bg-accent",
        isRegistered && "cursor-not-allowed bg-muted/60 hover:bg-muted/60",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "flex size-5 shrink-0 items-center justify-center rounded border",
          isSelected ? "border-primary bg-primary text-primary-foreground" : "border-input",
        )}
      >
        {isSelected && <Check className="size-3.5" />}
      </span>
      <span className="min-w-0 flex-1 space-y-1">
        <span className="block font-mono text-sm font-medium break-all">{ticket.control_number}</span>
        <span
          className={cn(
            "flex flex-wrap items-center gap-2 text-xs",
            isSelected ? "text-foreground" : "text-muted-foreground",
          )}
        >
          <Badge variant="secondary" className="font-mono">
            {ticket.last_5_digits}
          </Badge>
          {paymentMethodLabel(ticket.payment_method)}
        </span>
        {isRegistered && (
          <span className="flex flex-wrap items-center gap-2 text-xs">
            <Badge className="bg-red-700 text-white">Registered</Badge>
            <span className="text-foreground">{registeredTo}</span>
          </span>
        )}
      </span>
      <span className="shrink-0 text-sm font-medium">{formatPeso(ticket.amount)}</span>
    </button>
  );
}

function Placeholder({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-8 text-center">
      <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-8">
        {icon}
      </span>
      <p className="font-medium">{title}</p>
      {children && <div className="text-sm text-muted-foreground">{children}</div>}
    </div>
  );
}

"use client";

// Tickets Management (SPEC section 2, administrators): stats, server-side search and filters,
// a table or cards, paging, and the ticket dialogs. Search, filters, page and view live in the
// URL (use-ticket-filters.ts); server state in TanStack Query (lib/queries/tickets.ts).
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import Link from "next/link";
import { Ban, Hash, ListChecks, Plus, RefreshCw, SearchCheck, X } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import { RaffleStateNotice, useRaffleRefusal } from "@/components/raffle-state/raffle-state-notice";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { ticketColumns } from "@/components/tickets/columns";
import { TicketsDataTable, type RowSelection } from "@/components/tickets/data-table";
import { ClearFiltersButton, TicketsToolbar } from "@/components/tickets/data-table-toolbar";
import {
  LazyCustomRangeDialog,
  LazyDeleteTicketDialog,
  LazyGenerateTicketDialog,
  LazyTicketDetailsDialog,
  LazyUnvoidTicketDialog,
  LazyVoidTicketDialog,
  preloadTicketDialogs,
} from "@/components/tickets/lazy-dialogs";
import { TicketCards } from "@/components/tickets/ticket-cards";
import { TicketStatCards } from "@/components/tickets/ticket-stat-cards";
import { describeFilter, selectedTicketOf, TicketSelectionContext, type ListFilter, type SelectedTicket, type TicketSelection } from "@/components/tickets/ticket-selection";
import { FIRST_PAGE, hasActiveFilters, toSearchParams, useIsNarrowScreen, useTicketFilters, type TicketFilterState } from "@/components/tickets/use-ticket-filters";
import { SEARCH_DEBOUNCE_MS } from "@/components/tickets/search-debounce";
import { errorMessage } from "@/lib/api-client";
import type { Ticket } from "@/lib/api/tickets";
import { TICKETS_PAGE_SIZE } from "@/lib/constants";
import { useRaffleTimezone } from "@/lib/queries/settings";
import { useDeleteTicket, useRefreshTickets, useTicketCreators, useTicketStats, useTicketsPage, type TicketsInitialData } from "@/lib/queries/tickets";


const LOAD_ERROR_TOAST = "tickets-load-error";
const CLEARED = { q: null, status: null, payment: null, creator: null, ...FIRST_PAGE } as const;

export interface TicketsScreenProps {
  /** The signed-in administrator: the Custom Range's default user id. */
  currentUserEmail: string;
  /** More toolbar buttons (Export CSV and Import CSV mount here). */
  extraActions?: ReactNode;
  /** The first page and stats, read by the server while rendering the page. */
  initialData?: TicketsInitialData;
}

export function TicketsScreen({ currentUserEmail, extraActions, initialData }: TicketsScreenProps) {
  const timeZone = useRaffleTimezone();
  const isNarrow = useIsNarrowScreen();
  const [filters, setFilters] = useTicketFilters();
  const params = useMemo(() => toSearchParams(filters), [filters]);
  const list = useTicketsPage(params, { initial: initialData });
  const stats = useTicketStats({ initial: initialData });
  const creators = useTicketCreators();
  const removeTicket = useDeleteTicket();
  const refreshTickets = useRefreshTickets();

  const [searchText, setSearchText] = useState(filters.q);
  const committedSearch = useRef(filters.q);
  // The ticket stays set while its dialog animates out; the flag says whether it is open.
  const [viewing, setViewing] = useState<Ticket | null>(null);
  const [isViewOpen, setIsViewOpen] = useState(false);
  const [editing, setEditing] = useState<Ticket | null>(null);
  const [isEditOpen, setIsEditOpen] = useState(false);
  const [isGenerateOpen, setIsGenerateOpen] = useState(false);
  const [isRangeOpen, setIsRangeOpen] = useState(false);
  const [deleting, setDeleting] = useState<Ticket | null>(null);
  const [voiding, setVoiding] = useState<Ticket | null>(null);
  const [unvoiding, setUnvoiding] = useState<Ticket | null>(null);
  // Each dialog mounts the first time it opens and then stays, so it can animate out and hand
  // focus back to what opened it.
  const [mounted, setMounted] = useState({ generate: false, edit: false, details: false, range: false, delete: false, void: false, unvoid: false });
  const mount = (name: keyof typeof mounted) => setMounted((m) => (m[name] ? m : { ...m, [name]: true }));

  useEffect(() => {
    preloadTicketDialogs();
  }, []);

  // URL → box: Back, Refresh All or a shared link changed the search.
  useEffect(() => {
    if (filters.q.trim() === committedSearch.current.trim()) return;
    committedSearch.current = filters.q;
    setSearchText(filters.q);
  }, [filters.q]);

  // Box → URL, once typing pauses; a new search starts at page 1.
  useEffect(() => {
    const next = searchText.trim();
    if (next === committedSearch.current.trim()) return;
    const timer = setTimeout(() => {
      committedSearch.current = next;
      void setFilters({ q: next || null, ...FIRST_PAGE });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, setFilters]);

  const loadError = list.error ?? stats.error;
  useEffect(() => {
    if (loadError) toast.error(`Failed to load tickets: ${errorMessage(loadError, "Unknown error")}`, { id: LOAD_ERROR_TOAST });
  }, [loadError]);

  const total = list.data?.total ?? 0;
  // A filtered search past 1,000 matches counts no further (decision 081): "1,000+", "Page 3 of 100+".
  const capped = !!list.data?.totalCapped;
  const pageCount = Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE));
  const page = Math.max(1, filters.page);
  const byCursor = !!(params.after || params.before);
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const empty = list.data.tickets.length === 0;
    // A page reached by Previous/Next whose rows are gone (deleted meanwhile): the same page by its offset.
    if (byCursor && empty) void setFilters({ after: null, before: null }, { history: "replace" });
    // A page past the end (the last tickets deleted, an old link): the last page, or page 1 past a capped count.
    else if (capped ? empty && page > 1 : page > pageCount) void setFilters(capped || pageCount === 1 ? FIRST_PAGE : { ...FIRST_PAGE, page: pageCount }, { history: "replace" });
  }, [list.data, list.isPlaceholderData, byCursor, capped, page, pageCount, setFilters]);

  /** Next and Previous go by the page's first or last row (keyset, decision 137); other moves by offset. */
  function goToPage(to: number) {
    const shown = list.isPlaceholderData ? undefined : list.data;
    if (to <= 1) void setFilters(FIRST_PAGE);
    else if (to === page + 1 && shown?.nextCursor) void setFilters({ page: to, after: shown.nextCursor, before: null });
    else if (to === page - 1 && shown?.prevCursor) void setFilters({ page: to, before: shown.prevCursor, after: null });
    else void setFilters({ page: to, after: null, before: null });
  }

  const isFiltered = hasActiveFilters(filters);
  const view = filters.view ?? (isNarrow ? "cards" : "table");
  // SPEC section 8: on a load failure the list and the stats are emptied.
  const tickets = list.isError ? [] : (list.data?.tickets ?? []);
  const shownStats = list.isError || stats.isError ? { total: 0, registered_count: 0, unregistered_count: 0, revenue: 0 } : (stats.data ?? null);

  function clearFilters() {
    committedSearch.current = "";
    setSearchText("");
    void setFilters(CLEARED);
  }

  function changeFilter(change: Partial<Pick<TicketFilterState, "status" | "payment" | "creator">>) {
    const normalized = Object.fromEntries(Object.entries(change).map(([k, v]) => [k, v === "all" || v === "" ? null : v]));
    void setFilters({ ...normalized, ...FIRST_PAGE });
  }

  async function refreshAll() {
    clearFilters();
    await refreshTickets();
  }

  async function deleteTicket(ticket: Ticket) {
    const id = ticket.ticket_id || ticket.id;
    if (!id) {
      toast.error("Cannot delete ticket: No valid ticket ID found");
      return;
    }
    try {
      const answer = await removeTicket.mutateAsync(id);
      toast.success(answer.message);
      if (viewing?.ticket_id === id) setIsViewOpen(false);
    } catch (error) {
      toast.error(`Failed to delete ticket: ${errorMessage(error, "Server error")}`);
    }
  }

  const openGenerate = () => {
    mount("generate");
    setIsGenerateOpen(true);
  };
  const handlers = useMemo(
    () => ({
      onView: (t: Ticket) => {
        setMounted((m) => ({ ...m, details: true }));
        setViewing(t);
        setIsViewOpen(true);
      },
      onEdit: (t: Ticket) => {
        setMounted((m) => ({ ...m, edit: true }));
        setEditing(t);
        setIsEditOpen(true);
      },
      onDelete: (t: Ticket) => {
        setMounted((m) => ({ ...m, delete: true }));
        setDeleting(t);
      },
      onVoid: (t: Ticket) => {
        setMounted((m) => ({ ...m, void: true }));
        setVoiding(t);
      },
      onUnvoid: (t: Ticket) => {
        setMounted((m) => ({ ...m, unvoid: true }));
        setUnvoiding(t);
      },
    }),
    [],
  );
  // An open Ticket Details shows the ticket as the void or unvoid left it.
  const showChanged = (changed: Ticket) => setViewing((v) => (v && v.id === changed.id ? changed : v));
  const columns = useMemo(() => ticketColumns({ timeZone, ...handlers }), [timeZone, handlers]);
  // Ticked rows (Print stubs' "selected rows"): kept across pages and filters until cleared.
  const [selected, setSelected] = useState<ReadonlyMap<string, SelectedTicket>>(() => new Map());
  const rowSelection = useMemo<RowSelection>(
    () => ({
      selectedIds: new Set(selected.keys()),
      onToggle: (toggled, checked) =>
        setSelected((current) => {
          const next = new Map(current);
          for (const t of toggled) {
            const s = selectedTicketOf(t);
            if (checked) next.set(s.id, s);
            else next.delete(s.id);
          }
          return next;
        }),
    }),
    [selected],
  );
  const listFilter = useMemo<ListFilter | null>(
    () => (isFiltered ? { search: params.search, status: params.status ?? "all", payment: params.payment, user: params.user } : null),
    [isFiltered, params],
  );
  const selection = useMemo<TicketSelection>(
    () => ({
      selected: [...selected.values()],
      clearSelection: () => setSelected(new Map()),
      filter: listFilter,
      filterLabel: listFilter ? describeFilter(listFilter) : "",
      filterTotal: listFilter && list.data && !list.isPlaceholderData ? list.data.total : null,
    }),
    [selected, listFilter, list.data, list.isPlaceholderData],
  );
  const isRefreshing = list.isFetching || stats.isFetching;
  const generateRefusal = useRaffleRefusal("generate");
  const isSearching = searchText.trim() !== filters.q.trim() || (list.isFetching && list.isPlaceholderData);

  return (
    <>
      <div className="mb-2 flex flex-col gap-x-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader title="Tickets Management" description="Generate, find and manage every raffle ticket." />
        <div className="mb-4 flex flex-wrap gap-2">
          <Button onClick={openGenerate} disabled={generateRefusal !== null}>
            <Plus />
            Generate Ticket
          </Button>
          <Button
            variant="outline"
            disabled={generateRefusal !== null}
            onClick={() => {
              mount("range");
              setIsRangeOpen(true);
            }}
          >
            <Hash />
            Custom Range
          </Button>
          <TicketSelectionContext value={selection}>{extraActions}</TicketSelectionContext>
          <Button variant="outline" asChild>
            <Link href="/dashboard/tickets/voided">
              <Ban />
              Voided Numbers
            </Link>
          </Button>
          <Button variant="outline" onClick={() => void refreshAll()}>
            <RefreshCw className={isRefreshing ? "animate-spin" : undefined} />
            Refresh All
          </Button>
        </div>
      </div>

      <div className="space-y-4">
        <RaffleStateNotice writes={["generate", "sell"]} />
        <TicketStatCards stats={shownStats} />

        <TicketsToolbar
          searchText={searchText}
          onSearchTextChange={setSearchText}
          isSearching={isSearching}
          filters={filters}
          onFilterChange={changeFilter}
          creators={creators.data ?? []}
          view={view}
          onViewChange={(v) => void setFilters({ view: v })}
        />

        {isFiltered && (
          <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100">
            <span className="flex items-center gap-2 font-medium">
              <SearchCheck className="size-4" aria-hidden="true" />
              Server Search Active
            </span>
            <ClearFiltersButton onClear={clearFilters} />
          </div>
        )}

        {selected.size > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-muted/40 px-4 py-2 text-sm" data-testid="ticket-selection">
            <span className="flex items-center gap-2 font-medium">
              <ListChecks className="size-4" aria-hidden="true" />
              {selected.size === 1 ? "1 ticket selected" : `${selected.size.toLocaleString("en-US")} tickets selected`}
            </span>
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Map())}>
              <X />
              Clear selection
            </Button>
          </div>
        )}

        {/* data-search / data-page name the answer on screen (not a previous one kept while loading). */}
        <div
          aria-busy={list.isPending || list.isPlaceholderData}
          data-testid="tickets-list"
          data-view={view}
          data-search={list.isSuccess && !list.isPlaceholderData ? (params.search ?? "") : undefined}
          data-page={list.isSuccess && !list.isPlaceholderData ? page : undefined}
        >
          {list.isPending ? (
            <div className="space-y-2" role="status" aria-label="Loading tickets">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : list.isError ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
              <p className="font-medium">Failed to load tickets: {errorMessage(list.error, "Unknown error")}</p>
              <Button variant="outline" onClick={() => void list.refetch()}>
                <RefreshCw />
                Try Again
              </Button>
            </div>
          ) : tickets.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
              <p className="text-lg font-semibold">No tickets found</p>
              {isFiltered ? (
                <>
                  <p className="text-sm text-muted-foreground">No ticket matches the search and filters.</p>
                  <ClearFiltersButton onClear={clearFilters} />
                </>
              ) : (
                <Button onClick={openGenerate}>
                  <Plus />
                  Generate Your First Ticket
                </Button>
              )}
            </div>
          ) : view === "table" ? (
            <TicketsDataTable columns={columns} tickets={tickets} pageCount={pageCount} selection={rowSelection} />
          ) : (
            <TicketCards tickets={tickets} timeZone={timeZone} selection={rowSelection} {...handlers} />
          )}
        </div>

        {!list.isPending && !list.isError && (
          <DataTablePagination
            page={capped ? page : Math.min(page, pageCount)}
            pageSize={TICKETS_PAGE_SIZE}
            total={total}
            noun={["ticket", "tickets"]}
            onPageChange={goToPage}
            capped={capped ? { shown: tickets.length, hasNext: !!list.data?.hasNext } : undefined}
          />
        )}
      </div>

      {mounted.generate && <LazyGenerateTicketDialog open={isGenerateOpen} onOpenChange={setIsGenerateOpen} />}
      {mounted.edit && <LazyGenerateTicketDialog open={isEditOpen} onOpenChange={setIsEditOpen} ticket={editing} />}
      {mounted.details && (
        <LazyTicketDetailsDialog ticket={viewing} open={isViewOpen} onOpenChange={setIsViewOpen} onVoid={handlers.onVoid} onUnvoid={handlers.onUnvoid} />
      )}
      {mounted.range && <LazyCustomRangeDialog open={isRangeOpen} onOpenChange={setIsRangeOpen} defaultUserId={currentUserEmail} />}
      {mounted.delete && (
        <LazyDeleteTicketDialog
          ticket={deleting}
          onCancel={() => setDeleting(null)}
          onConfirm={(t) => {
            setDeleting(null);
            void deleteTicket(t);
          }}
          onVoidInstead={(t) => {
            setDeleting(null);
            handlers.onVoid(t);
          }}
        />
      )}
      {mounted.void && <LazyVoidTicketDialog ticket={voiding} onOpenChange={(open) => !open && setVoiding(null)} onVoided={showChanged} />}
      {mounted.unvoid && <LazyUnvoidTicketDialog ticket={unvoiding} onOpenChange={(open) => !open && setUnvoiding(null)} onUnvoided={showChanged} />}
    </>
  );
}

"use client";

// Tickets Management (SPEC section 2, administrators): stats, server-side search and filters,
// a table or cards, paging, and the ticket dialogs. Search, filters, page and view live in the
// URL (use-tickets-url-state.ts over use-ticket-filters.ts); ticked rows and the dialogs in hooks of
// their own (use-ticket-selection.ts, use-ticket-dialogs.ts); server state in TanStack Query
// (lib/queries/tickets.ts).
import { useEffect, useMemo, type ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { Ban, Hash, ListChecks, Plus, RefreshCw, SearchCheck, X } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import { RaffleStateNotice, useRaffleRefusal } from "@/components/raffle-state/raffle-state-notice";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { ticketColumns } from "@/components/tickets/columns";
import { TicketsDataTable } from "@/components/tickets/data-table";
import { ClearFiltersButton, TicketsToolbar } from "@/components/tickets/data-table-toolbar";
import {
  LazyCustomRangeDialog,
  LazyDeleteTicketDialog,
  LazyGenerateTicketDialog,
  LazyTicketDetailsDialog,
  LazyUnvoidTicketDialog,
  LazyVoidTicketDialog,
} from "@/components/tickets/lazy-dialogs";
import { TicketCards } from "@/components/tickets/ticket-cards";
import { TicketStatCards } from "@/components/tickets/ticket-stat-cards";
import { TicketSelectionContext } from "@/components/tickets/ticket-selection";
import { useTicketDialogs } from "@/components/tickets/use-ticket-dialogs";
import { useIsNarrowScreen } from "@/components/tickets/use-ticket-filters";
import { useTicketSelection } from "@/components/tickets/use-ticket-selection";
import { useTicketsPaging, useTicketsUrlState } from "@/components/tickets/use-tickets-url-state";
import { errorMessage } from "@/lib/api-client";
import { TICKETS_PAGE_SIZE } from "@/lib/constants";
import { useRaffleTimezone } from "@/lib/queries/settings";
import {
  useRefreshTickets,
  useTicketCreators,
  useTicketStats,
  useTicketsPage,
  type TicketsInitialData,
} from "@/lib/queries/tickets";

const LOAD_ERROR_TOAST = "tickets-load-error";

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
  const url = useTicketsUrlState();
  const { filters, setFilters, params, isFiltered, clearFilters } = url;
  const list = useTicketsPage(params, { initial: initialData });
  const stats = useTicketStats({ initial: initialData });
  const creators = useTicketCreators();
  const refreshTickets = useRefreshTickets();
  const { total, capped, pageCount, page, goToPage } = useTicketsPaging(url, list);
  const dialogs = useTicketDialogs();
  const { handlers, openGenerate } = dialogs;
  const picked = useTicketSelection({ isFiltered, params, list });

  const loadError = list.error ?? stats.error;
  useEffect(() => {
    if (loadError)
      toast.error(`Failed to load tickets: ${errorMessage(loadError, "Unknown error")}`, { id: LOAD_ERROR_TOAST });
  }, [loadError]);

  const view = filters.view ?? (isNarrow ? "cards" : "table");
  // SPEC section 8: on a load failure the list and the stats are emptied.
  const tickets = list.isError ? [] : (list.data?.tickets ?? []);
  const shownStats =
    list.isError || stats.isError
      ? { total: 0, registered_count: 0, unregistered_count: 0, revenue: 0 }
      : (stats.data ?? null);

  async function refreshAll() {
    clearFilters();
    await refreshTickets();
  }

  const columns = useMemo(() => ticketColumns({ timeZone, ...handlers }), [timeZone, handlers]);
  const isRefreshing = list.isFetching || stats.isFetching;
  const generateRefusal = useRaffleRefusal("generate");
  const isSearching = url.isTyping || (list.isFetching && list.isPlaceholderData);

  return (
    <>
      <div className="mb-2 flex flex-col gap-x-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader title="Tickets Management" description="Generate, find and manage every raffle ticket." />
        <div className="mb-4 flex flex-wrap gap-2">
          <Button onClick={openGenerate} disabled={generateRefusal !== null}>
            <Plus />
            Generate Ticket
          </Button>
          <Button variant="outline" disabled={generateRefusal !== null} onClick={dialogs.openRange}>
            <Hash />
            Custom Range
          </Button>
          <TicketSelectionContext value={picked.selection}>{extraActions}</TicketSelectionContext>
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
          searchText={url.searchText}
          onSearchTextChange={url.setSearchText}
          isSearching={isSearching}
          filters={filters}
          onFilterChange={url.changeFilter}
          creators={creators.data ?? []}
          view={view}
          onViewChange={(v) => void setFilters({ view: v })}
        />

        {isFiltered && (
          <div
            role="status"
            className={
              "flex flex-wrap items-center justify-between gap-2 rounded-lg border border-sky-200 bg-sky-50 " +
              "px-4 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
            }
          >
            <span className="flex items-center gap-2 font-medium">
              <SearchCheck className="size-4" aria-hidden="true" />
              Server Search Active
            </span>
            <ClearFiltersButton onClear={clearFilters} />
          </div>
        )}

        {picked.count > 0 && (
          <div
            className={
              "flex flex-wrap items-center justify-between gap-2 " + "rounded-lg border bg-muted/40 px-4 py-2 text-sm"
            }
            data-testid="ticket-selection"
          >
            <span className="flex items-center gap-2 font-medium">
              <ListChecks className="size-4" aria-hidden="true" />
              {picked.count === 1 ? "1 ticket selected" : `${picked.count.toLocaleString("en-US")} tickets selected`}
            </span>
            <Button variant="ghost" size="sm" onClick={picked.clear}>
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
            <TicketsDataTable
              columns={columns}
              tickets={tickets}
              pageCount={pageCount}
              selection={picked.rowSelection}
            />
          ) : (
            <TicketCards tickets={tickets} timeZone={timeZone} selection={picked.rowSelection} {...handlers} />
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

      {dialogs.mounted.generate && <LazyGenerateTicketDialog {...dialogs.generate} />}
      {dialogs.mounted.edit && <LazyGenerateTicketDialog {...dialogs.edit} />}
      {dialogs.mounted.details && (
        <LazyTicketDetailsDialog {...dialogs.details} onVoid={handlers.onVoid} onUnvoid={handlers.onUnvoid} />
      )}
      {dialogs.mounted.range && <LazyCustomRangeDialog {...dialogs.range} defaultUserId={currentUserEmail} />}
      {dialogs.mounted.delete && (
        <LazyDeleteTicketDialog
          ticket={dialogs.deleting.ticket}
          onCancel={dialogs.deleting.cancel}
          onConfirm={dialogs.deleting.confirm}
          onVoidInstead={dialogs.deleting.voidInstead}
        />
      )}
      {dialogs.mounted.void && (
        <LazyVoidTicketDialog
          ticket={dialogs.voiding.ticket}
          onOpenChange={(open) => !open && dialogs.voiding.close()}
          onVoided={dialogs.showChanged}
        />
      )}
      {dialogs.mounted.unvoid && (
        <LazyUnvoidTicketDialog
          ticket={dialogs.unvoiding.ticket}
          onOpenChange={(open) => !open && dialogs.unvoiding.close()}
          onUnvoided={dialogs.showChanged}
        />
      )}
    </>
  );
}

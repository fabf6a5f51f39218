// TanStack Query hooks for Tickets Management and the ticket dialogs (keys in lib/query-keys.ts).
import { hashKey, keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ticketCreatorsApi } from "@/lib/api/ticket-creators";
import { ticketsApi, type Ticket, type TicketPage, type TicketSearchParams, type TicketStats } from "@/lib/api/tickets";
import { queryKeys } from "@/lib/query-keys";

/**
 * What the server rendered Tickets Management with (the page and the stats for the URL's
 * filters), so the first rows show before any request from the browser.
 */
export interface TicketsInitialData {
  params: TicketSearchParams;
  page: TicketPage | null;
  stats: TicketStats | null;
  /** When the server read them (ms since epoch): they go stale from then. */
  renderedAt: number;
}

/** One page of GET /api/tickets/search. */
function fetchTicketPage(params: TicketSearchParams) {
  return ticketsApi.search(params).then(({ tickets, total }) => ({ tickets, total }));
}

/**
 * A page of tickets for the list. The previous page stays on screen while the next one loads
 * (no flash of skeletons when paging or typing), and the following page is fetched ahead so
 * Next shows it at once.
 */
export function useTicketsPage(params: TicketSearchParams, options: { initial?: TicketsInitialData } = {}) {
  const queryClient = useQueryClient();
  const { initial } = options;
  const isInitialPage = !!initial?.page && hashKey(queryKeys.tickets.list(params)) === hashKey(queryKeys.tickets.list(initial.params));
  const query = useQuery({
    queryKey: queryKeys.tickets.list(params),
    queryFn: () => fetchTicketPage(params),
    placeholderData: keepPreviousData,
    initialData: isInitialPage ? initial.page! : undefined,
    initialDataUpdatedAt: initial?.renderedAt,
  });
  const total = query.data?.total;
  const hasNext = !query.isPlaceholderData && total !== undefined && params.offset + params.limit < total;
  const { search, status, payment, user, limit, offset } = params;
  useEffect(() => {
    if (!hasNext) return;
    const next: TicketSearchParams = { search, status, payment, user, limit, offset: offset + limit };
    void queryClient.prefetchQuery({ queryKey: queryKeys.tickets.list(next), queryFn: () => fetchTicketPage(next) });
  }, [hasNext, search, status, payment, user, limit, offset, queryClient]);
  return query;
}

export function useTicketStats(options: { enabled?: boolean; initial?: TicketsInitialData } = {}) {
  return useQuery({
    initialData: options.initial?.stats ?? undefined,
    initialDataUpdatedAt: options.initial?.renderedAt,
    queryKey: queryKeys.tickets.stats(),
    queryFn: () => ticketsApi.stats().then(({ total, registered_count, unregistered_count, revenue }) => ({ total, registered_count, unregistered_count, revenue })),
    enabled: options.enabled ?? true,
  });
}

export function useTicketCreators() {
  return useQuery({ queryKey: queryKeys.tickets.creators(), queryFn: async () => (await ticketCreatorsApi.list()).creators });
}

/** One ticket by id or control number (the Overview's activity rows carry only those). */
export function useTicketDetail(reference: string | null) {
  return useQuery({
    queryKey: queryKeys.tickets.detail(reference ?? ""),
    queryFn: async (): Promise<Ticket> => (await ticketsApi.get(reference!)).ticket,
    enabled: !!reference,
  });
}

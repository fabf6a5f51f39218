// TanStack Query hooks for Tickets Management and the ticket dialogs (keys in lib/query-keys.ts):
// one per read, one per write. Every write refreshes the ticket data (invalidateTicketData), so
// the lists, counts, statistics and the Activity Log that show it follow without a reload.
import { hashKey, keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { ticketCreatorsApi } from "@/lib/api/ticket-creators";
import {
  generatedTickets,
  ticketsApi,
  type Ticket,
  type TicketPage,
  type TicketSearchParams,
  type TicketStats,
  type VisibleTicket,
} from "@/lib/api/tickets";
import { EVENT_NAME } from "@/lib/constants";
import { invalidateTicketData, queryKeys } from "@/lib/query-keys";
import type { CustomRangePayload, EditTicketPayload, GenerateTicketPayload } from "@/lib/schemas/ticket";

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

/** One page of GET /api/tickets/search, with its capped-count flag and keyset cursors when asked for. */
function fetchTicketPage(params: TicketSearchParams): Promise<TicketPage> {
  return ticketsApi.search(params).then(({ tickets, total, totalCapped, hasNext, nextCursor, prevCursor }) => ({
    tickets,
    total,
    totalCapped,
    hasNext,
    nextCursor,
    prevCursor,
  }));
}

/** Whether a page has one after it: as the answer says (it looked one row further), else below the total. */
export function hasNextPage(
  page: Pick<TicketPage, "total" | "hasNext">,
  params: Pick<TicketSearchParams, "offset" | "limit">,
): boolean {
  return page.hasNext ?? params.offset + params.limit < page.total;
}

/** The request for the page after `params`' page: by the page's last row when it has a cursor, else by offset. */
export function nextPageParams(params: TicketSearchParams, page: Pick<TicketPage, "nextCursor">): TicketSearchParams {
  const { after: _after, before: _before, ...rest } = params;
  return { ...rest, offset: params.offset + params.limit, ...(page.nextCursor ? { after: page.nextCursor } : {}) };
}

/**
 * A page of tickets for the list. The previous page stays on screen while the next one loads
 * (no flash of skeletons when paging or typing), and the following page is fetched ahead so
 * Next shows it at once.
 */
export function useTicketsPage(params: TicketSearchParams, options: { initial?: TicketsInitialData } = {}) {
  const queryClient = useQueryClient();
  const { initial } = options;
  const isInitialPage =
    !!initial?.page && hashKey(queryKeys.tickets.list(params)) === hashKey(queryKeys.tickets.list(initial.params));
  const query = useQuery({
    queryKey: queryKeys.tickets.list(params),
    queryFn: () => fetchTicketPage(params),
    placeholderData: keepPreviousData,
    initialData: isInitialPage ? initial.page! : undefined,
    initialDataUpdatedAt: initial?.renderedAt,
  });
  // The page Next will ask for (the same key the screen builds from the URL after the click).
  const { data, isPlaceholderData } = query;
  const next = useMemo(
    () => (data && !isPlaceholderData && hasNextPage(data, params) ? nextPageParams(params, data) : null),
    [data, isPlaceholderData, params],
  );
  useEffect(() => {
    if (next)
      void queryClient.prefetchQuery({ queryKey: queryKeys.tickets.list(next), queryFn: () => fetchTicketPage(next) });
  }, [next, queryClient]);
  return query;
}

export function useTicketStats(options: { enabled?: boolean; initial?: TicketsInitialData } = {}) {
  return useQuery({
    initialData: options.initial?.stats ?? undefined,
    initialDataUpdatedAt: options.initial?.renderedAt,
    queryKey: queryKeys.tickets.stats(),
    queryFn: () =>
      ticketsApi.stats().then(({ total, registered_count, unregistered_count, revenue }) => ({
        total,
        registered_count,
        unregistered_count,
        revenue,
      })),
    enabled: options.enabled ?? true,
  });
}

/** Refresh All: every ticket list, count and lookup is read again. */
export function useRefreshTickets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all });
}

export function useTicketCreators() {
  return useQuery({
    queryKey: queryKeys.tickets.creators(),
    queryFn: async () => (await ticketCreatorsApi.list()).creators,
  });
}

/** A ticket whose private fields were left out (not the caller's to see) shows them as empty. */
function withHiddenAsNull(ticket: VisibleTicket): Ticket {
  return {
    phone_number: null,
    email: null,
    address: null,
    gcash_reference: null,
    payment_reference: null,
    payment: null,
    ...ticket,
  };
}

/** One ticket by id or control number (the Overview's activity rows carry only those). */
export function useTicketDetail(reference: string | null) {
  return useQuery({
    queryKey: queryKeys.tickets.detail(reference ?? ""),
    queryFn: async (): Promise<Ticket> => withHiddenAsNull((await ticketsApi.get(reference!)).ticket),
    enabled: !!reference,
  });
}

/** POST /api/tickets/generate for this raffle's event; answers the generated tickets, one or many. */
export function useGenerateTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: Omit<GenerateTicketPayload, "event_name">) =>
      generatedTickets(await ticketsApi.generate({ ...payload, event_name: EVENT_NAME })),
    // Not awaited: the dialog shows the new tickets at once while the lists behind it refresh.
    onSuccess: () => void invalidateTicketData(queryClient),
  });
}

/** PUT /api/tickets/{id}. A 409 means someone registered the ticket meanwhile: the lists refresh either way. */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; changes: Partial<EditTicketPayload> }) =>
      ticketsApi.update(input.id, input.changes),
    onSettled: () => void invalidateTicketData(queryClient),
  });
}

/** DELETE /api/tickets/{id}; the lists refresh whatever the answer (a ticket already gone leaves them too). */
export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ticketsApi.remove(id),
    onSettled: () => void invalidateTicketData(queryClient),
  });
}

/** SPEC section 9: the ticket data refreshes 3 s after a custom range is generated. */
export const CUSTOM_RANGE_REFRESH_DELAY_MS = 3000;

/**
 * POST /api/tickets/admin/generate-custom-range (administrators). The refresh is not tied to the
 * dialog: it happens even if the dialog is closed by then.
 */
export function useGenerateCustomRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CustomRangePayload) => ticketsApi.customRange(payload),
    onSuccess: () => {
      setTimeout(() => void invalidateTicketData(queryClient), CUSTOM_RANGE_REFRESH_DELAY_MS);
    },
  });
}

/**
 * POST /api/tickets/import (up to 300 s), the file streamed as text/csv under a job id the caller
 * made (newJobId) so useJob can show its rows read and written; a 200 with error lines is a result.
 * The CSV calls (lib/api/tickets-io.ts, with its record counter) load with the call: this module is
 * part of Tickets Management's first load, the import only of its Import dialog (decision 185).
 */
export function useImportTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: Blob; importedBy: string; jobId: string }) =>
      (await import("@/lib/api/tickets-io")).importTicketsFile(input),
    onSuccess: () => void invalidateTicketData(queryClient),
  });
}

// TanStack Query hooks of the registration screen (keys in lib/query-keys.ts). Every
// registration invalidates the ticket data, so the overview, the lists and the stats refresh.
"use client";

import { useCallback } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ticketsApi, type BuyerInput, type RegisterMultipleResult } from "@/lib/api/tickets";
import { UNREGISTERED_PAGE_SIZE } from "@/lib/constants";
import { invalidateTicketData, queryKeys } from "@/lib/query-keys";
import { SINGLE_LOOKUP_WAIT_MS, wait } from "@/lib/registration";

/**
 * Single registration's lookup of `term` (null: none). Each term is its own query, and a query
 * nobody watches any more is aborted (its signal reaches fetch and the wait), so the answer for
 * an older term can never replace the answer for the current one. Nothing is cached: a ticket
 * may be registered by someone else at any moment.
 */
export function useTicketLookup(term: string | null) {
  return useQuery({
    queryKey: queryKeys.tickets.lookup(term ?? ""),
    enabled: term !== null,
    queryFn: async ({ signal }) => {
      const [answer] = await Promise.all([
        ticketsApi.lookup(term ?? "", { signal }),
        wait(SINGLE_LOOKUP_WAIT_MS, signal),
      ]);
      return answer.ticket;
    },
    staleTime: 0,
    gcTime: 0,
    // Coming back to the tab must not disable the buyer fields someone is typing in.
    refetchOnWindowFocus: false,
  });
}

/**
 * A lookup on demand (Add Ticket by Control Number; a row that left the unregistered list): the
 * function reads the ticket by control number, last 5 digits or id, always afresh and once (a 404
 * is an answer), and throws the ApiError as it came.
 */
export function useFindTicket() {
  const queryClient = useQueryClient();
  return useCallback(
    (term: string) =>
      queryClient.fetchQuery({
        queryKey: queryKeys.tickets.find(term),
        queryFn: async ({ signal }) => (await ticketsApi.lookup(term, { signal })).ticket,
        staleTime: 0,
        gcTime: 0,
        retry: false,
      }),
    [queryClient],
  );
}

/** One page (20 tickets, SPEC section 9) of the unregistered list; the previous page stays shown while the next loads.
 */
export function useUnregisteredTickets(options: { search: string; page: number; enabled: boolean }) {
  const params = {
    search: options.search,
    limit: UNREGISTERED_PAGE_SIZE,
    offset: (options.page - 1) * UNREGISTERED_PAGE_SIZE,
  };
  return useQuery({
    queryKey: queryKeys.tickets.unregistered(params),
    enabled: options.enabled,
    queryFn: () => ticketsApi.unregistered(params),
    placeholderData: keepPreviousData,
  });
}

export function useRegisterTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reference: string; buyer: BuyerInput }) => ticketsApi.register(input.reference, input.buyer),
    onSettled: () => invalidateTicketData(queryClient),
  });
}

/** `onAnswer` runs before the lists refresh, so the screen knows which tickets left them because of it. */
export function useRegisterMultiple(options: { onAnswer?: (result: RegisterMultipleResult) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BuyerInput & { ticketIds: string[] }) => ticketsApi.registerMultiple(input),
    onSuccess: (result) => options.onAnswer?.(result),
    onSettled: () => invalidateTicketData(queryClient),
  });
}

// TanStack Query hooks for voids (keys in lib/query-keys.ts): the report, and the two writes,
// which refresh every ticket list, count and statistic (a void moves money figures).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { voidsApi } from "@/lib/api/voids";
import { invalidateTicketData, queryKeys } from "@/lib/query-keys";
import type { UnvoidTicketPayload, VoidTicketPayload } from "@/lib/schemas/void";

export const VOIDED_PAGE_SIZE = 50;

export function useVoidedTickets(page: number) {
  const params = { limit: VOIDED_PAGE_SIZE, offset: page * VOIDED_PAGE_SIZE };
  return useQuery({
    queryKey: queryKeys.tickets.voided(params),
    queryFn: () => voidsApi.list(params),
    placeholderData: keepPreviousData,
  });
}

export function useVoidTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: VoidTicketPayload }) => voidsApi.voidTicket(input.id, input.body),
    onSettled: () => void invalidateTicketData(queryClient),
  });
}

export function useUnvoidTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: UnvoidTicketPayload }) => voidsApi.unvoidTicket(input.id, input.body),
    onSettled: () => void invalidateTicketData(queryClient),
  });
}

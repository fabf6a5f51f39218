// TanStack Query hooks for seller accountability (keys in lib/query-keys.ts). Every write refreshes
// the balances and statements (remittances.all) and the Activity Log.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { remittancesApi } from "@/lib/api/remittances";
import { queryKeys } from "@/lib/query-keys";
import type { RecordAdjustmentPayload, RecordRemittancePayload, VoidRemittancePayload } from "@/lib/schemas/remittance";

const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.remittances.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);

/** Every seller's balance (administrators). */
export function useBalances(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.remittances.balances(),
    queryFn: remittancesApi.balances,
    enabled: options.enabled ?? true,
  });
}

/** A statement: the caller's own (no id) or a seller's (administrators). */
export function useStatement(sellerId?: string) {
  return useQuery({
    queryKey: queryKeys.remittances.statement(sellerId ?? "me"),
    queryFn: async () =>
      (await (sellerId ? remittancesApi.statement(sellerId) : remittancesApi.myStatement())).statement,
  });
}

export function useRecordRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordRemittancePayload) => remittancesApi.record(body),
    onSettled: () => void refresh(queryClient),
  });
}

export function useVoidRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: VoidRemittancePayload }) =>
      remittancesApi.voidReceipt(input.id, input.body),
    onSettled: () => void refresh(queryClient),
  });
}

export function useRecordAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordAdjustmentPayload) => remittancesApi.adjust(body),
    onSettled: () => void refresh(queryClient),
  });
}

export function useAllocateStubs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sellerId: string; from: number; to: number }) =>
      remittancesApi.allocate(input.sellerId, { from: input.from, to: input.to }),
    onSettled: () => void refresh(queryClient),
  });
}

export function useReturnStubs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sellerId: string; ticketIds: string[] }) =>
      remittancesApi.returnStubs(input.sellerId, { ticketIds: input.ticketIds }),
    onSettled: () => void refresh(queryClient),
  });
}

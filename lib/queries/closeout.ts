// TanStack Query hooks for Close-out (issue 24). Its key sits under the draw's, so every draw write
// refreshes the checklist too; Close, Reopen and Purge refresh the draw's keys, the tickets and the Activity Log.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { closeoutApi } from "@/lib/api/closeout";
import { invalidateTicketData, queryKeys } from "@/lib/query-keys";
import type { CloseRafflePayload, PurgeRafflePayload, ReopenRafflePayload } from "@/lib/schemas/closeout";

export const closeoutKey = () => [...queryKeys.draw.all, "closeout"] as const;

export const useCloseout = () =>
  useQuery({ queryKey: closeoutKey(), queryFn: closeoutApi.get, select: (d) => d.closeout });

function useCloseoutMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.draw.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit.all });
      void invalidateTicketData(queryClient);
    },
  });
}

export const useCloseRaffle = () => useCloseoutMutation((body: CloseRafflePayload) => closeoutApi.close(body));
export const useReopenRaffle = () => useCloseoutMutation((body: ReopenRafflePayload) => closeoutApi.reopen(body));
export const usePurgeRaffle = () => useCloseoutMutation((body: PurgeRafflePayload) => closeoutApi.purge(body));
export const useDownloadArchive = () =>
  useCloseoutMutation((options: { includeAttachments: boolean }) => closeoutApi.archive(options));

// TanStack Query hooks for the draw (keys in lib/query-keys.ts). Every write refreshes the draw's
// keys (state, prizes, draws) and the Activity Log; Close sales and the commit also change what
// the ticket screens may do, so they refresh the ticket data too.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { drawApi } from "@/lib/api/draw";
import type { PositionAction } from "@/lib/draw";
import { invalidateTicketData, queryKeys } from "@/lib/query-keys";
import type {
  CloseSalesPayload,
  CommitDrawPayload,
  DrumPickPayload,
  PositionActionPayload,
  RevealDrawPayload,
} from "@/lib/schemas/draw";
import type { PrizePayload } from "@/lib/schemas/prize";

const refreshDraw = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.draw.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);

export const usePrizes = () =>
  useQuery({ queryKey: queryKeys.draw.prizes(), queryFn: drawApi.prizes, select: (d) => d.prizes });
export const useRaffleState = () =>
  useQuery({ queryKey: queryKeys.draw.state(), queryFn: drawApi.state, select: (d) => d.state });
/** The raffle's status without the checklist (one primary-key read): the write screens' notice (decision 202). */
export const useRaffleStatus = () =>
  useQuery({ queryKey: queryKeys.draw.status(), queryFn: drawApi.status, select: (d) => d.state.status });
/** The raffle's public URL (docs/decisions/201), from the same light request. */
export const usePublicUrl = () =>
  useQuery({ queryKey: queryKeys.draw.status(), queryFn: drawApi.status, select: (d) => d.publicUrl });
export const useWinnersList = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.draw.winners(), queryFn: drawApi.winners, enabled, select: (d) => d.winners });
export const useDraws = () =>
  useQuery({ queryKey: queryKeys.draw.list(), queryFn: drawApi.draws, select: (d) => d.draws });
export const useDraw = (drawId: string | null) =>
  useQuery({
    queryKey: queryKeys.draw.detail(drawId ?? ""),
    queryFn: () => drawApi.draw(drawId!),
    enabled: Boolean(drawId),
    select: (d) => d.draw,
  });

function useDrawMutation<TInput, TOutput = unknown>(
  fn: (input: TInput) => Promise<TOutput>,
  options: { ticketsToo?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void refreshDraw(queryClient);
      if (options.ticketsToo) void invalidateTicketData(queryClient);
    },
  });
}

export const useAddPrize = () => useDrawMutation((body: PrizePayload) => drawApi.addPrize(body));
export const useDeletePrize = () => useDrawMutation((prizeId: string) => drawApi.deletePrize(prizeId));
export const useCloseSales = () =>
  useDrawMutation((body: CloseSalesPayload) => drawApi.closeSales(body), { ticketsToo: true });
export const useCommitDraw = () =>
  useDrawMutation((body: CommitDrawPayload) => drawApi.commit(body), { ticketsToo: true });
export const useRevealDraw = () =>
  useDrawMutation((input: { drawId: string; body: RevealDrawPayload }) => drawApi.reveal(input.drawId, input.body));
export const useAddEvidence = () =>
  useDrawMutation((input: { drawId: string; position: number; file: File }) =>
    drawApi.addEvidence(input.drawId, input.position, input.file),
  );
export const useDrumPick = () =>
  useDrawMutation((input: { drawId: string; body: DrumPickPayload }) => drawApi.drumPick(input.drawId, input.body));
export const usePositionAction = () =>
  useDrawMutation((input: { drawId: string; position: number; action: PositionAction; body: PositionActionPayload }) =>
    drawApi.positionAction(input.drawId, input.position, input.action, input.body),
  );
export const usePublishDraw = () => useDrawMutation((drawId: string) => drawApi.publish(drawId));

import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { WinnerState } from "@/lib/draw";
import { effectiveWinners, foldStates, type PositionRow } from "@/server/draw/winners";

type Tx = Pick<Prisma.TransactionClient, "$queryRaw">;

export interface PrizeOutcome {
  drawId: string;
  drawNumber: number;
  winner: (PositionRow & { state: WinnerState }) | null;
  exhausted: boolean;
}

/**
 * Per prize rank: its latest revealed draw's effective winner (with state), or exhausted. A prize no
 * revealed draw covers has no entry.
 */
export async function loadPrizeOutcomes(tx: Tx): Promise<Map<number, PrizeOutcome>> {
  const positions = await tx.$queryRaw<(PositionRow & { drawId: string; drawNumber: number })[]>`
    SELECT p.draw_id AS "drawId", d.number AS "drawNumber", p.position, p.control_number AS "controlNumber",
    p.prize_rank AS "prizeRank", p.role
    FROM draw_positions p JOIN draws d ON d.id = p.draw_id ORDER BY d.number, p.position`;
  const events = await tx.$queryRaw<{ drawId: string; position: number; event: string }[]>`
    SELECT draw_id AS "drawId", position, event FROM winner_events ORDER BY id`;
  const latestDraw = new Map<number, { drawId: string; drawNumber: number }>();
  for (const p of positions) latestDraw.set(p.prizeRank, { drawId: p.drawId, drawNumber: p.drawNumber });
  const outcomes = new Map<number, PrizeOutcome>();
  const drawIds = new Set([...latestDraw.values()].map((d) => d.drawId));
  for (const drawId of drawIds) {
    const mine = positions.filter((p) => p.drawId === drawId);
    const states = foldStates(events.filter((e) => e.drawId === drawId));
    for (const [rank, winner] of effectiveWinners(mine, states)) {
      if (latestDraw.get(rank)?.drawId !== drawId) continue;
      outcomes.set(rank, {
        drawId,
        drawNumber: mine[0].drawNumber,
        winner: winner ? { ...winner, state: states.get(winner.position) ?? "drawn" } : null,
        exhausted: !winner,
      });
    }
  }
  return outcomes;
}

import "server-only";
import { NOT_A_WINNER_TEXT, winnerStatusText } from "@/lib/draw";
import { db } from "@/server/db/client";
import { loadPrizeOutcomes } from "@/server/draw/prize-outcomes";

/**
 * For the public verify page (issue 22): once the winners are published, 'Winner: {prize}' for a
 * ticket that is a prize's effective winner, 'Drawn: not a winning ticket' for any other ticket of
 * a draw's pool; null before publication or for a ticket no draw included (its own status stands).
 */
export async function ticketDrawStatus(
  controlNumber: string,
): Promise<{ status: "winner" | "not_winner"; statusText: string } | null> {
  const client = db();
  const state = await client.raffleState.findUnique({ where: { id: 1 }, select: { status: true } });
  if (state?.status !== "published" && state?.status !== "closed") return null;
  const outcomes = await loadPrizeOutcomes(client);
  const won = [...outcomes.entries()]
    .filter(([, o]) => o.winner?.controlNumber === controlNumber)
    .map(([rank]) => rank);
  if (won.length) {
    const prize = await client.prize.findFirst({ where: { rank: { in: won } }, orderBy: { rank: "asc" } });
    return { status: "winner", statusText: winnerStatusText(prize?.name ?? `Prize ${won[0]}`) };
  }
  const inPool = await client.drawPoolEntry.findFirst({ where: { controlNumber }, select: { idx: true } });
  return inPool ? { status: "not_winner", statusText: NOT_A_WINNER_TEXT } : null;
}

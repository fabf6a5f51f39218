import "server-only";
import { runExhaustedMessage } from "@/lib/draw";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { loadPrizeOutcomes } from "@/server/draw/prize-outcomes";
import { readRaffleStatus, setRaffleStatus } from "@/server/draw/raffle-state";
import { DRAW_NOT_FOUND, drawIdOrThrow } from "@/server/draw/reveal-draw";
import { AppError } from "@/server/http/errors";

/**
 * POST /api/draws/{id}/publish: only when every prize has an effective winner notified or claimed.
 * A prize whose run is exhausted answers 409 'Start a new draw for {prize}'. Marks every revealed
 * draw published and moves the raffle drawn → published (docs/decisions/107).
 */
export async function publishDraw(options: { id: string; principal: Principal }) {
  requireAdmin(options.principal);
  const { user } = options.principal;
  const id = drawIdOrThrow(options.id);
  return db().$transaction(async (tx) => {
    const status = await readRaffleStatus(tx, { lock: true });
    const draw = await tx.draw.findUnique({ where: { id } });
    if (!draw) throw new AppError("not_found", DRAW_NOT_FOUND);
    if (!draw.revealedAt) throw new AppError("conflict", "The draw has not been revealed yet");
    if (status === "published" || status === "closed")
      throw new AppError("conflict", "The winners are already published");
    if (status !== "drawn") throw new AppError("conflict", "A newer draw is committed and not yet revealed");
    const prizes = await tx.prize.findMany({ orderBy: { rank: "asc" } });
    const outcomes = await loadPrizeOutcomes(tx);
    for (const prize of prizes) {
      const outcome = outcomes.get(prize.rank);
      if (!outcome || outcome.exhausted)
        throw new AppError("conflict", runExhaustedMessage(prize.name), { extra: { prizeRank: prize.rank } });
      const state = outcome.winner!.state;
      if (state !== "notified" && state !== "claimed")
        throw new AppError("conflict", `Notify the winner of ${prize.name} before publishing`, {
          extra: { prizeRank: prize.rank },
        });
    }
    const now = new Date();
    await tx.draw.updateMany({ where: { revealedAt: { not: null }, publishedAt: null }, data: { publishedAt: now } });
    await setRaffleStatus(tx, "published", { publishedAt: now });
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "draw.publish",
      entityId: id,
      after: { number: draw.number, winners: prizes.length },
    });
    return { id, publishedAt: now.toISOString() };
  });
}
